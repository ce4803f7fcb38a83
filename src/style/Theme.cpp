// Theme: loading, hot reload, the rule index and keyframe handles.
//
// Everything here runs at load time. The rule index is rebuilt from scratch
// on every change (one pass over the selectors, one stable sort by
// specificity), so it is linear in the size of the theme; the @keyframes map
// is only touched for the names the changed sheet defines (before or after).
#include "CascadeInternal.hpp"

#include <zenit/style/Parser.hpp>
#include <zenit/style/Theme.hpp>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>

namespace zenit {

struct Theme::SheetEntry {
  SheetId id{SheetId::None};
  std::string name;                     // display name of a string sheet
  std::vector<std::string> paths;       // files it came from (empty: a string or code)
  StyleSheet sheet;                     // parsed rules and @keyframes
  std::vector<KeyframeAnimation> code;  // addKeyframes definitions (compiled)
  std::uint64_t version{0};             // bumped on every reload: keyframe handles compare it
  std::vector<bool> mediaOn;            // per @media block, as the index was last built
};

namespace {

std::uint64_t nextVersion() {  // process-unique, so two themes never share a version
  static std::atomic<std::uint64_t> v{0};
  return ++v;
}

bool hasPending(const DeclarationBlock& b, bool important) {
  return std::any_of(b.pending.begin(), b.pending.end(),
                     [&](const PendingDeclaration& p) { return p.important == important; });
}

std::string where(std::string_view file, const SourceLoc& l) {
  return std::string(file) + ":" + std::to_string(l.line) + ":" + std::to_string(l.col);
}

// Names an entry defines (sheet blocks and code definitions), without repeats.
std::vector<std::string> definedNames(const StyleSheet& sheet, const std::vector<KeyframeAnimation>& code) {
  std::vector<std::string> names;
  for (const KeyframesRule& k : sheet.keyframes) names.push_back(k.name);
  for (const KeyframeAnimation& k : code) names.push_back(k.name);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

bool readableFile(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return false;
  std::ifstream f(path, std::ios::binary);
  return f.good();
}

}  // namespace

// ---------------------------------------------------------------------------
// Construction, lookup
// ---------------------------------------------------------------------------

Theme& Theme::get() {
  static Theme* t = new Theme();  // never destroyed: handles may be read during static destruction
  return *t;
}

Theme::Theme() = default;
Theme::~Theme() = default;

bool Theme::LoadResult::ok() const {
  if (id == SheetId::None) return false;
  return std::none_of(diagnostics.begin(), diagnostics.end(),
                      [](const Diagnostic& d) { return d.severity == Severity::Error; });
}

Theme::SheetEntry* Theme::find(SheetId id) const {
  for (const auto& e : sheets_)
    if (e->id == id) return e.get();
  return nullptr;
}

Theme::LoadResult Theme::misuse(const char* api, SheetId id) const {
  const std::string msg = "no loaded sheet has id " + std::to_string(static_cast<std::uint32_t>(id));
  logApi(Severity::Error, api, msg);
  LoadResult r;
  r.diagnostics.push_back(Diagnostic{Severity::Error, "", 0, 0, std::string(api) + ": " + msg});
  return r;
}

const KeyframeAnimation* Theme::findKeyframes(std::string_view name) const {
  const auto it = names_.find(name);
  if (it == names_.end() || it->second.source == SheetId::None) return nullptr;
  return it->second.anim;
}

const TimelineRule* Theme::findTimeline(std::string_view name, const StyleSheet** from) const {
  for (auto it = sheets_.rbegin(); it != sheets_.rend(); ++it) {
    if (const TimelineRule* t = (*it)->sheet.findTimeline(name)) {
      if (from) *from = &(*it)->sheet;
      return t;
    }
  }
  return nullptr;
}

std::vector<SheetId> Theme::sheets() const {
  std::vector<SheetId> ids;
  ids.reserve(sheets_.size());
  for (const auto& e : sheets_) ids.push_back(e->id);
  return ids;
}

const StyleSheet* Theme::sheet(SheetId id) const {
  const SheetEntry* e = find(id);
  return e ? &e->sheet : nullptr;
}

const RuleBuckets* Theme::partRules(Atom part) const {
  const auto it = partRules_.find(part);
  return it == partRules_.end() ? nullptr : &it->second;
}

// ---------------------------------------------------------------------------
// Loading
// ---------------------------------------------------------------------------

Theme::LoadResult Theme::loadString(std::string_view text, std::string fileName) {
  auto e = std::make_unique<SheetEntry>();
  ParseOptions o;
  o.fileName = fileName;
  e->name = std::move(fileName);
  e->sheet = parseStyleSheet(text, o);
  return install(std::move(e), SheetId::None);
}

Theme::LoadResult Theme::loadFile(const std::string& path) { return loadFiles({path}); }

Theme::LoadResult Theme::loadFiles(const std::vector<std::string>& paths) {
  LoadResult r;
  for (const std::string& p : paths) {
    if (readableFile(p)) continue;
    Diagnostic d{Severity::Error, p, 0, 0, "cannot read the file; nothing was loaded"};
    log(d);
    r.diagnostics.push_back(std::move(d));
  }
  if (paths.empty()) {
    logApi(Severity::Error, "Theme::loadFiles", "no files given");
    r.diagnostics.push_back(Diagnostic{Severity::Error, "", 0, 0, "Theme::loadFiles: no files given"});
  }
  if (!r.diagnostics.empty()) return r;
  auto e = std::make_unique<SheetEntry>();
  e->name = paths.front();
  e->paths = paths;
  e->sheet = paths.size() == 1 ? parseStyleFile(paths.front()) : parseStyleFiles(paths);
  return install(std::move(e), SheetId::None);
}

Theme::LoadResult Theme::reload(SheetId id, std::string_view text) {
  const SheetEntry* old = find(id);
  if (!old) return misuse("Theme::reload", id);
  auto e = std::make_unique<SheetEntry>();
  e->id = id;
  e->name = old->name;
  e->paths = old->paths;
  ParseOptions o;
  o.fileName = old->name;
  e->sheet = parseStyleSheet(text, o);
  return install(std::move(e), id);
}

Theme::LoadResult Theme::reloadFile(SheetId id) {
  const SheetEntry* old = find(id);
  if (!old) return misuse("Theme::reloadFile", id);
  LoadResult r;
  r.id = id;
  if (old->paths.empty()) {
    Diagnostic d{Severity::Error, old->name, 0, 0,
                 "Theme::reloadFile: the sheet was not loaded from a file; unchanged"};
    log(d);
    r.diagnostics.push_back(std::move(d));
    return r;
  }
  for (const std::string& p : old->paths) {
    if (readableFile(p)) continue;
    Diagnostic d{Severity::Error, p, 0, 0, "cannot read the file; the sheet keeps its previous rules"};
    log(d);
    r.diagnostics.push_back(std::move(d));
  }
  if (!r.diagnostics.empty()) return r;
  auto e = std::make_unique<SheetEntry>();
  e->id = id;
  e->name = old->name;
  e->paths = old->paths;
  e->sheet = e->paths.size() == 1 ? parseStyleFile(e->paths.front()) : parseStyleFiles(e->paths);
  return install(std::move(e), id);
}

SheetId Theme::addKeyframes(KeyframeAnimation anim) {
  if (anim.name.empty()) {
    logApi(Severity::Error, "Theme::addKeyframes", "a @keyframes definition needs a name; ignored");
    return SheetId::None;
  }
  compileKeyframes(anim);
  auto e = std::make_unique<SheetEntry>();
  e->name = "<code>";
  e->code.push_back(std::move(anim));
  return install(std::move(e), SheetId::None).id;
}

void Theme::unload(SheetId id) {
  const auto it = std::find_if(sheets_.begin(), sheets_.end(), [&](const auto& e) { return e->id == id; });
  if (it == sheets_.end()) {
    misuse("Theme::unload", id);
    return;
  }
  const std::vector<std::string> touched = definedNames((*it)->sheet, (*it)->code);
  sheets_.erase(it);
  rebuildIndex();
  refreshKeyframes(touched);
  ++generation_;
}

void Theme::clear() {
  std::vector<std::string> touched;
  for (const auto& e : sheets_) {
    std::vector<std::string> n = definedNames(e->sheet, e->code);
    touched.insert(touched.end(), n.begin(), n.end());
  }
  sheets_.clear();
  viewportUnitsRead_ = false;  // every node resolves again (new generation) and reads them anew
  rebuildIndex();
  refreshKeyframes(touched);
  ++generation_;
}

// Puts `entry` in place (appended, or replacing sheet `replacing` where it
// stands), then rebuilds what depends on it. All or nothing: the entry is
// fully parsed before anything the resolver reads changes.
Theme::LoadResult Theme::install(std::unique_ptr<SheetEntry> entry, SheetId replacing) {
  std::vector<std::string> touched = definedNames(entry->sheet, entry->code);
  entry->version = nextVersion();
  if (replacing != SheetId::None) {
    auto it = std::find_if(sheets_.begin(), sheets_.end(), [&](const auto& e) { return e->id == replacing; });
    const std::vector<std::string> before = definedNames((*it)->sheet, (*it)->code);
    touched.insert(touched.end(), before.begin(), before.end());
    *it = std::move(entry);
  } else {
    entry->id = static_cast<SheetId>(nextId_++);
    sheets_.push_back(std::move(entry));
  }
  const SheetEntry& e = replacing != SheetId::None ? *find(replacing) : *sheets_.back();
  rebuildIndex();
  refreshKeyframes(touched);
  ++generation_;

  LoadResult r;
  r.id = e.id;
  r.diagnostics = e.sheet.diagnostics;  // the parser logged them already
  std::vector<Diagnostic> mine;
  redefinitionWarnings(e, mine);
  for (Diagnostic& d : mine) {
    log(d);
    r.diagnostics.push_back(std::move(d));
  }
  return r;
}

// Seed §11: "if you load two stylesheets that both define pulse, the second
// wins". Say so, naming both places, for each name this sheet shares.
void Theme::redefinitionWarnings(const SheetEntry& e, std::vector<Diagnostic>& out) const {
  auto locate = [](const SheetEntry& s, const std::string& name, std::string& file, SourceLoc& loc) {
    if (const KeyframesRule* k = s.sheet.findKeyframes(name)) {
      file = std::string(s.sheet.fileName(k->loc));
      loc = k->loc;
      return true;
    }
    for (const KeyframeAnimation& k : s.code)
      if (k.name == name) {
        file = "<code>";
        loc = {};
        return true;
      }
    return false;
  };
  for (const std::string& name : definedNames(e.sheet, e.code)) {
    std::string myFile;
    SourceLoc myLoc;
    locate(e, name, myFile, myLoc);
    bool later = false;  // past `e` in load order
    for (const auto& other : sheets_) {
      if (other.get() == &e) {
        later = true;
        continue;
      }
      std::string f;
      SourceLoc l;
      if (!locate(*other, name, f, l)) continue;
      std::string msg = "@keyframes " + name +
                        (later ? " is overridden by the one at " : " replaces the one at ") + where(f, l) +
                        (later ? " (a sheet loaded later wins; keyframes are not merged)"
                               : " (the sheet loaded later wins; keyframes are not merged)");
      out.push_back(Diagnostic{Severity::Warning, myFile, myLoc.line, myLoc.col, std::move(msg)});
    }
  }
}

// ---------------------------------------------------------------------------
// Keyframe handles
// ---------------------------------------------------------------------------

void Theme::refreshKeyframes(const std::vector<std::string>& names) {
  for (const std::string& name : names) {
    // The effective source: the last sheet that defines the name.
    const SheetEntry* src = nullptr;
    const KeyframesRule* rule = nullptr;
    const KeyframeAnimation* code = nullptr;
    for (auto it = sheets_.rbegin(); it != sheets_.rend() && !src; ++it) {
      const SheetEntry& s = **it;
      for (auto c = s.code.rbegin(); c != s.code.rend(); ++c)
        if (c->name == name) {
          code = &*c;
          break;
        }
      if (!code) rule = s.sheet.findKeyframes(name);
      if (code || rule) src = &s;
    }

    auto [node, inserted] = keyframes.try_emplace(name);
    KeyframeState& st = names_[std::string_view(node->first)];
    st.anim = &node->second;
    if (src) {
      if (!inserted && st.source == src->id && st.version == src->version)
        continue;  // unchanged: keep cursors
      if (code) {
        node->second = *code;
        compileKeyframes(node->second);  // a fresh generation for this assignment
      } else {
        node->second = toKeyframeAnimation(*rule);
      }
      st.source = src->id;
      st.version = src->version;
    } else {
      if (st.source == SheetId::None && !inserted) continue;
      // Not defined any more: keep the object (handles stay valid), empty it.
      node->second.keyframes.clear();
      compileKeyframes(node->second);
      node->second.name = name;
      st.source = SheetId::None;
      st.version = 0;
    }
  }
}

// ---------------------------------------------------------------------------
// Rule index
// ---------------------------------------------------------------------------

std::vector<bool> Theme::mediaApplies(const StyleSheet& sheet) const {
  std::vector<bool> on(sheet.media.size(), false);
  for (std::size_t i = 0; i < sheet.media.size(); ++i) {  // a parent comes before its blocks
    const MediaRule& m = sheet.media[i];
    on[i] = (m.parent == kNoMedia || (m.parent < i && on[m.parent])) && m.query.matches(media_);
  }
  return on;
}

void Theme::setMedia(const MediaEnvironment& env) {
  if (env == media_) return;
  const bool resized = env.width != media_.width || env.height != media_.height;
  media_ = env;
  bool changed = false;
  for (const auto& e : sheets_) changed = changed || mediaApplies(e->sheet) != e->mediaOn;
  if (changed) rebuildIndex();
  // Computed styles hold vw / vh / vmin / vmax as px of the old viewport:
  // a new generation makes every node resolve again.
  if (changed || (resized && viewportUnitsRead_)) ++generation_;
}

// Indexes the compounds of `sel` that sit left of a combinator (into the
// descendant or the sibling index, by that combinator), and everything
// inside their :is(), :nth-child() & co. `outer` is the index of the
// compound whose argument `sel` is (nullptr at the top): the rightmost
// compound joins it; an `of S` joins the sibling index too. Adds every
// pseudo-class bit to pseudoInUse_, and what the counting pseudo-classes
// count to siblingCounts_. True when some compound has a pseudo-class
// with arguments.
bool Theme::indexSelector(const Selector& sel, ContextIndex* outer) {
  bool conditional = false;
  for (std::size_t i = 0; i < sel.compounds.size(); ++i) {
    const CompoundSelector& c = sel.compounds[i];
    pseudoInUse_ |= c.pseudo;
    ContextIndex* ctx = outer;
    if (i + 1 < sel.compounds.size()) {
      const Combinator next = sel.compounds[i + 1].combinator;
      ctx = next == Combinator::NextSibling || next == Combinator::SubsequentSibling ? &siblingContext_
                                                                                     : &context_;
    }
    if (ctx) {
      if (c.type != Atom::None) ctx->types.insert(c.type);
      if (c.id != Atom::None) ctx->ids.insert(c.id);
      for (Atom a : c.classes) ctx->classes.insert(a);
      if (c.pseudo != 0) ctx->stateful.push_back(&c);
    }
    for (const SelectorCondition& l : sel.conditions) {
      if (l.compound != i) continue;
      conditional = true;
      if (l.kind == SelectorCondition::Kind::Attribute && ctx) ctx->attributes.insert(l.attribute);
      if (l.counts()) siblingCounts_ |= l.fromEnd() ? kCountsAfter : kCountsBefore;
      for (const Selector& inner : l.selectors) {
        indexSelector(inner, ctx);
        if (l.counts()) indexSelector(inner, &siblingContext_);  // `of S`: the siblings' names count too
      }
    }
  }
  return conditional;
}

void Theme::rebuildIndex() {
  struct Item {
    ThemeRule rule;
    Specificity spec;
  };
  std::vector<Item> items;
  context_ = {};
  siblingContext_ = {};
  pseudoInUse_ = 0;
  siblingCounts_ = 0;
  for (std::uint32_t si = 0; si < sheets_.size(); ++si) {
    const StyleSheet& sheet = sheets_[si]->sheet;
    sheets_[si]->mediaOn = mediaApplies(sheet);
    const std::vector<bool>& mediaOn = sheets_[si]->mediaOn;
    for (std::uint32_t ri = 0; ri < sheet.rules.size(); ++ri) {
      const StyleRule& rule = sheet.rules[ri];
      if (rule.media != kNoMedia && !(rule.media < mediaOn.size() && mediaOn[rule.media])) continue;
      ThemeRule base;
      base.decls = &rule.decls;
      base.normalProps = rule.decls.normal.setProps();
      base.importantProps = rule.decls.importantValues().setProps();
      base.emNormal = detail::fontRelativeProps(rule.decls.normal, base.normalProps);
      base.emImportant = detail::fontRelativeProps(rule.decls.importantValues(), base.importantProps);
      base.pendingNormal = hasPending(rule.decls, false);
      base.pendingImportant = hasPending(rule.decls, true);
      base.customProps = !rule.decls.custom.empty();
      base.sheet = si;
      base.rule = ri;
      if (rule.decls.empty()) continue;  // matches, but changes nothing
      for (const Selector& sel : rule.selectors) {
        if (sel.compounds.empty()) continue;
        ThemeRule r = base;
        r.selector = &sel;
        r.pseudo = sel.compounds.back().pseudo;
        const bool conditional = indexSelector(sel, nullptr);
        r.contextual = sel.compounds.size() > 1 || conditional;
        items.push_back(Item{r, sel.specificity});
      }
    }
  }
  // Cascade order: specificity, then (sheet, rule) order, which `items` already has.
  std::stable_sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.spec < b.spec; });

  rules_.clear();
  rules_.reserve(items.size());
  nodeRules_ = {};
  partRules_.clear();
  for (const Item& it : items) {
    const auto rank = static_cast<std::uint32_t>(rules_.size());
    rules_.push_back(it.rule);
    const Selector& sel = *it.rule.selector;
    RuleBuckets& b = sel.part == Atom::None ? nodeRules_ : partRules_[sel.part];
    switch (sel.key.kind) {
      case SelectorKey::Kind::Id: b.byId[sel.key.atom].push_back(rank); break;
      case SelectorKey::Kind::Class: b.byClass[sel.key.atom].push_back(rank); break;
      case SelectorKey::Kind::Type: b.byType[sel.key.atom].push_back(rank); break;
      case SelectorKey::Kind::Universal: b.universal.push_back(rank); break;
    }
  }
}

}  // namespace zenit
