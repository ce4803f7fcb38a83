// CSS Nesting 1: the rules and groups nested in a style rule. A nested
// rule is read as the flat rule it means, so the cascade, its buckets and
// the matcher see nothing new: `.card { &:hover { … } }` is the rule
// `.card:hover`, `.a, .b { .c { … } }` is `:is(.a, .b) .c`, and the
// declarations after a nested rule are a rule of their own, with the
// parent's selectors, after it in order (CSSNestedDeclarations). A nested
// @media or @supports holds declarations for the parent's selectors, and
// rules nested as above, under its condition. Selectors.cpp reads `&` and
// the leading combinator in a nested selector; absolutize here finishes it.
#include "SheetParser.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

// (A file of its own also for speed: in Selectors.cpp, beside the rule
// readers, this code makes GCC inline less of them, 0.07 instructions a
// byte more on the parse benchmark.)

namespace zenit::detail {

void SheetParser::nestedBlock(std::size_t rule, const Token& open, const SelectorList* parent, bool atItem) {
  std::optional<SelectorList> own;  // the rule's selectors, copied at its first nested item
  bool made = parent != nullptr;    // `rule` was made for declarations that may not come
  const auto dropIfEmpty = [&] {
    if (made && rule + 1 == sheet_->rules.size() && sheet_->rules[rule].decls.empty())
      sheet_->rules.pop_back();
  };
  for (;;) {
    if (!atItem) {
      DeclarationBlock& d = sheet_->rules[rule].decls;
      if (!parseDeclarationList(DeclTarget{d.normal, d.important, d.pending, d.custom}, kRuleBlock, open))
        break;
    }
    atItem = false;
    if (!parent) parent = &own.emplace(sheet_->rules[rule].selectors);
    dropIfEmpty();
    const Token first = take();
    nestedItem(first, *parent);
    rule = addNestedRule(*parent, first);  // for the declarations after it
    made = true;
  }
  dropIfEmpty();
}

std::size_t SheetParser::addNestedRule(SelectorList selectors, const Token& at) {
  StyleRule& r = sheet_->rules.emplace_back();
  r.media = media_;
  r.selectors = std::move(selectors);
  r.loc = loc(at);
  r.order = static_cast<std::uint32_t>(sheet_->rules.size() - 1);
  return sheet_->rules.size() - 1;
}

void SheetParser::nestedItem(const Token& first, const SelectorList& parent) {
  if (ruleDepth_ + 1 + groupDepth_ >= maxDepth()) {  // the outermost rule is a level
    rep_.error(first, tooDeepMessage() + " of nested rules; the rule is skipped");
    skipAtRule(true);
    return;
  }
  if (first.type == TokenType::AtKeyword) {
    if (first.textIs("media"))
      parseMedia(first, &parent);
    else
      parseSupports(first, &parent);
    return;
  }
  Token end;
  if (!readPrelude(first, false, end)) {  // parseDeclarationList saw its `{`: cannot happen
    rep_.error(first, "expected a nested rule");
    return;
  }
  if (nest_.tooDeep()) {
    rep_.error(first, tooDeepMessage() + " in a selector; the rule is skipped");
    skipBlock();
    return;
  }
  // What `&` stands for: the parent's selectors but those of a part, as
  // CSS's `&` cannot stand for a pseudo-element.
  SelectorList amp;
  for (const Selector& p : parent) {
    if (p.part == Atom::None) {
      amp.push_back(p);
    } else {
      rep_.warn(first, "`&` cannot stand for the part in " + quoteText(p.text()) +
                           " (as in CSS, where it cannot stand for a pseudo-element): this nested rule does "
                           "not apply to it");
    }
  }
  SelectorList selectors;
  SelectorScope scope;
  scope.parent = &amp;
  scope.relative = true;
  if (!parseSelectors(prelude_.data(), prelude_.data() + prelude_.size(), selectors, scope)) {
    skipBlock();
    return;
  }
  const std::size_t rule = addNestedRule(std::move(selectors), first);
  ++ruleDepth_;
  styleBlock(rule, end);
  --ruleDepth_;
}

bool SheetParser::relativeLead(const SelectorScope& scope, Combinator comb) const {
  if (!scope.relative || scope.use->lead != Combinator::None) return false;
  scope.use->lead = comb;
  return true;
}

void SheetParser::ampersand(const SelectorScope& scope, Selector& sel) const {
  // The parent rule's selectors, as :is() holds them; at the top level,
  // :scope, which is the root (:where(:root): it adds no specificity).
  SelectorCondition amp;
  amp.compound = static_cast<std::uint32_t>(sel.compounds.size());
  if (scope.parent) {
    amp.kind = SelectorCondition::Kind::Is;
    amp.selectors.assign(scope.parent->begin(), scope.parent->end());
  } else {
    amp.kind = SelectorCondition::Kind::Where;
    Selector& root = amp.selectors.emplace_back();
    root.compounds.emplace_back().pseudo = PseudoRoot;
    finishSelector(root);
  }
  if (scope.use && scope.use->count++ == 0) {
    scope.use->top = scope.depth == 0;
    scope.use->condition = sel.conditions.size();
  }
  sel.conditions.push_back(std::move(amp));
}

void SheetParser::absolutize(Selector& sel, const NestingUse& use, const SelectorList& parent) const {
  std::size_t amp = use.condition;  // the first `&`'s condition, when use.top
  bool top = use.top;
  int count = use.count;
  if (count == 0 || use.lead != Combinator::None) {
    // `.x` is `& .x`, and `> .x` is `& > .x`: a compound of `&` alone first.
    SelectorCondition cond;
    cond.kind = SelectorCondition::Kind::Is;
    cond.selectors.assign(parent.begin(), parent.end());
    Selector out;
    out.compounds.reserve(sel.compounds.size() + 1);
    out.compounds.emplace_back();
    for (const CompoundSelector& c : sel.compounds) out.compounds.push_back(c);
    out.compounds[1].combinator = use.lead != Combinator::None ? use.lead : Combinator::Descendant;
    out.conditions.push_back(std::move(cond));
    for (SelectorCondition c : sel.conditions) {
      ++c.compound;
      out.conditions.push_back(std::move(c));
    }
    out.part = sel.part;
    sel = std::move(out);
    amp = 0;
    top = true;
    ++count;
  }
  // A single `&` for a single parent selector is that selector where
  // putting it in place means the same: in the leftmost compound (`&:hover`
  // under `.a .b` is `.a .b:hover`), or anywhere when the parent is one
  // compound (`.x &` under `.a` is `.x .a`). The same elements, the same
  // specificity, and a key the cascade's buckets can use. Not when the two
  // compounds both name a type or an id, or share a pseudo-class, which
  // :is() would count twice.
  const std::size_t k = top ? sel.conditions[amp].compound : 0;
  if (count == 1 && top && parent.size() == 1 && (k == 0 || parent[0].compounds.size() == 1)) {
    const Selector& p = parent[0];
    const CompoundSelector& last = p.compounds.back();
    const CompoundSelector& at = sel.compounds[k];
    if ((last.type == Atom::None || at.type == Atom::None) &&
        (last.id == Atom::None || at.id == Atom::None) && (last.pseudo & at.pseudo) == 0) {
      Selector out;
      out.compounds.reserve(p.compounds.size() + sel.compounds.size() - 1);
      for (std::size_t i = 0; i < k; ++i) out.compounds.push_back(sel.compounds[i]);
      for (const CompoundSelector& c : p.compounds) out.compounds.push_back(c);
      CompoundSelector& m = out.compounds.back();
      if (p.compounds.size() == 1) m.combinator = at.combinator;
      if (m.type == Atom::None) m.type = at.type;
      if (m.id == Atom::None) m.id = at.id;
      for (Atom a : at.classes) m.classes.push_back(a);
      m.pseudo = static_cast<PseudoBits>(m.pseudo | at.pseudo);
      for (std::size_t i = k + 1; i < sel.compounds.size(); ++i) out.compounds.push_back(sel.compounds[i]);
      // Both selectors' conditions, by compound: the parent's from k on,
      // the nested one's shifted past the parent's extra compounds.
      const auto shift = static_cast<std::uint32_t>(p.compounds.size() - 1);
      std::vector<SelectorCondition> all;
      all.reserve(p.conditions.size() + sel.conditions.size());
      for (SelectorCondition c : p.conditions) {
        c.compound += static_cast<std::uint32_t>(k);
        all.push_back(std::move(c));
      }
      for (std::size_t i = 0; i < sel.conditions.size(); ++i) {
        if (i == amp) continue;
        SelectorCondition c = sel.conditions[i];
        if (c.compound >= k) c.compound += shift;
        all.push_back(std::move(c));
      }
      std::stable_sort(all.begin(), all.end(), [](const SelectorCondition& x, const SelectorCondition& y) {
        return x.compound < y.compound;
      });
      for (SelectorCondition& c : all) out.conditions.push_back(std::move(c));
      out.part = sel.part;
      sel = std::move(out);
    }
  }
  finishSelector(sel);
}

}  // namespace zenit::detail
