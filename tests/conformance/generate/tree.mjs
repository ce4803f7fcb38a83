// The `zenit-style sample --tree` notation, read on the Node side by the
// recorders (generate.mjs, golden.mjs): compounds (`Type.class#id[a=v]`),
// each node's children in parentheses after it, separated by commas.

// The tree notation as nested {type, id, classes, attributes, children}.
export function parseTreeNotation(text) {
  let i = 0;
  const name = () => {
    const m = /^[A-Za-z0-9_\-\u0080-\uffff]*/.exec(text.slice(i));
    i += m[0].length;
    return m[0];
  };
  const node = () => {
    while (text[i] === ' ') ++i;
    const n = { type: name(), id: '', classes: [], attributes: [], children: [] };
    for (;;) {
      const c = text[i];
      if (c === '.') { ++i; n.classes.push(name()); }
      else if (c === '#') { ++i; n.id = name(); }
      else if (c === '[') {
        ++i;
        const attr = name();
        let value = '';
        if (text[i] === '=') {
          ++i;
          if (text[i] === '"') { const end = text.indexOf('"', i + 1); value = text.slice(i + 1, end); i = end + 1; }
          else value = name();
        }
        if (text[i++] !== ']') throw new Error(`tree: expected ] at ${i}`);
        n.attributes.push([attr, value]);
      } else break;
    }
    if (text[i] === '(') {
      ++i;
      for (;;) {
        n.children.push(node());
        while (text[i] === ' ') ++i;
        if (text[i] === ',') { ++i; continue; }
        if (text[i++] !== ')') throw new Error(`tree: expected ) at ${i}`);
        break;
      }
    }
    return n;
  };
  return node();
}
