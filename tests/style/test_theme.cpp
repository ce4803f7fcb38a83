// Theme: load order, the rule index, @keyframes handles across hot reloads,
// redefinition warnings (seed §11), file loading and its failures.
#include "parser_test_util.hpp"

#include <zenit/style/Theme.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

using namespace zenit;
using zenit::test::QuietLog;

// Collects everything sent to zenit::log for a scope.
struct CapturedLog {
  std::vector<Diagnostic> seen;
  LogSink prev = setLogSink([this](const Diagnostic& d) { seen.push_back(d); });
  CapturedLog() = default;
  CapturedLog(const CapturedLog&) = delete;
  CapturedLog& operator=(const CapturedLog&) = delete;
  ~CapturedLog() { setLogSink(prev); }
};

// A file in a fresh temporary directory, removed at the end of the scope.
struct TempFile {
  std::filesystem::path dir;
  std::filesystem::path path;
  explicit TempFile(const std::string& name, const std::string& text) {
    static int counter = 0;
    dir = std::filesystem::temp_directory_path() /
          ("zenit_theme_test_" + std::to_string(reinterpret_cast<std::uintptr_t>(this)) + "_" + std::to_string(++counter));
    std::filesystem::create_directories(dir);
    path = dir / name;
    write(text);
  }
  void write(const std::string& text) const {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f << text;
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  ~TempFile() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
};

const char* kPulseA = "@keyframes pulse { from { opacity: 0; } to { opacity: 1; } }\n";
const char* kPulseB = "\n\n@keyframes pulse { 0% { opacity: 0.5; } 100% { opacity: 0.25; } }\n";

float firstOpacity(const KeyframeAnimation& k) {
  REQUIRE(!k.keyframes.empty());
  REQUIRE(k.keyframes.front().delta.opacity.is_set);
  return k.keyframes.front().delta.opacity.value;
}

}  // namespace

// ---------------------------------------------------------------------------
// Loading and the rule index
// ---------------------------------------------------------------------------

TEST_CASE("Theme: rules of all sheets cascade in (specificity, sheet order, rule order)", "[style][theme]") {
  QuietLog quiet;
  Theme t;
  const auto a = t.loadString(".x { opacity: 0.1; } #id { opacity: 0.2; } Box { opacity: 0.3; }", "a.zstyle");
  const auto b = t.loadString(".x { opacity: 0.4; } .y, * { opacity: 0.5; }", "b.zstyle");
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  CHECK(a.id != b.id);
  CHECK(t.sheets() == std::vector<SheetId>{a.id, b.id});

  const auto& rules = t.rules();
  REQUIRE(rules.size() == 6);
  std::vector<std::string> order;
  for (const ThemeRule& r : rules) order.push_back(r.selector->text() + "@" + std::to_string(r.sheet));
  CHECK(order == std::vector<std::string>{"*@1", "Box@0", ".x@0", ".x@1", ".y@1", "#id@0"});

  // Buckets by the rightmost compound's key.
  const RuleBuckets& nb = t.nodeRules();
  CHECK(nb.byClass.at(intern("x")).size() == 2);
  CHECK(nb.byId.at(intern("id")).size() == 1);
  CHECK(nb.byType.at(intern("Box")).size() == 1);
  CHECK(nb.universal.size() == 1);
  CHECK(t.partRules(intern("knob")) == nullptr);
}

TEST_CASE("Theme: part selectors are indexed apart, by part name", "[style][theme]") {
  QuietLog quiet;
  Theme t;
  REQUIRE(t.loadString("Slider:hover::knob { opacity: 0.5; } Slider::track { opacity: 1; } Slider { width: 1px; }").ok());
  const RuleBuckets* knob = t.partRules(intern("knob"));
  REQUIRE(knob);
  CHECK(knob->byType.at(intern("Slider")).size() == 1);
  CHECK(t.nodeRules().byType.at(intern("Slider")).size() == 1);
  const ThemeRule& r = t.rules()[knob->byType.at(intern("Slider")).front()];
  CHECK(r.pseudo == PseudoHover);
  CHECK_FALSE(r.contextual);
  CHECK(r.normalProps.test(Prop::opacity));
  CHECK(r.normalProps.count() == 1);
}

TEST_CASE("Theme: generation bumps on load, reload and unload, not on a failed load", "[style][theme]") {
  QuietLog quiet;
  Theme t;
  const auto g0 = t.generation();
  const auto r = t.loadString(".a { opacity: 0.5; }");
  CHECK(t.generation() > g0);
  const auto g1 = t.generation();
  t.reload(r.id, ".a { opacity: 0.25; }");
  CHECK(t.generation() > g1);
  const auto g2 = t.generation();
  const auto missing = t.loadFile("/nonexistent/dir/none.zstyle");
  CHECK_FALSE(missing.ok());
  CHECK(missing.id == SheetId::None);
  CHECK(t.generation() == g2);
  t.unload(r.id);
  CHECK(t.generation() > g2);
  CHECK(t.sheets().empty());
}

TEST_CASE("Theme: a sheet with syntax errors loads the rest and reports them", "[style][theme]") {
  QuietLog quiet;
  Theme t;
  const auto r = t.loadString(".a { opacity: 0.5; }\n.b { width: ; }\n.c { height: 2px; }", "bad.zstyle");
  CHECK(r.id != SheetId::None);
  CHECK_FALSE(r.ok());
  REQUIRE_FALSE(r.diagnostics.empty());
  CHECK(r.diagnostics.front().file == "bad.zstyle");
  CHECK(r.diagnostics.front().line == 2);
  CHECK(t.rules().size() == 2);
}

TEST_CASE("Theme: unknown sheet ids are reported, not trusted", "[style][theme]") {
  CapturedLog log;
  Theme t;
  const auto r = t.reload(static_cast<SheetId>(42), ".a {}");
  CHECK_FALSE(r.ok());
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].message.find("42") != std::string::npos);
  t.unload(static_cast<SheetId>(42));
  CHECK(log.seen.size() == 2);
}

// ---------------------------------------------------------------------------
// @keyframes
// ---------------------------------------------------------------------------

TEST_CASE("Theme: keyframes by name, compiled; the last block of a sheet wins (seed §1.2)", "[style][theme][keyframes]") {
  QuietLog quiet;
  Theme t;
  REQUIRE_FALSE(t.loadString(std::string(kPulseA) + kPulseB + "@keyframes fade { to { opacity: 0; } }").diagnostics.empty());
  const KeyframeAnimation* pulse = t.findKeyframes("pulse");
  REQUIRE(pulse);
  CHECK(pulse == &t.keyframes.at("pulse"));
  CHECK(pulse->compiled());
  CHECK(pulse->name == "pulse");
  CHECK(firstOpacity(*pulse) == 0.5f);
  CHECK(t.findKeyframes("fade"));
  CHECK(t.findKeyframes("nope") == nullptr);
}

TEST_CASE("Theme: a @keyframes redefined by a later sheet warns naming both locations (seed §11)",
          "[style][theme][keyframes]") {
  CapturedLog log;
  Theme t;
  const auto a = t.loadString(kPulseA, "a.zstyle");
  REQUIRE(a.diagnostics.empty());
  const auto b = t.loadString(kPulseB, "b.zstyle");
  REQUIRE(b.diagnostics.size() == 1);
  const Diagnostic& d = b.diagnostics[0];
  CHECK(d.severity == Severity::Warning);
  CHECK(d.file == "b.zstyle");
  CHECK(d.line == 3);
  CHECK(d.col == 1);
  CHECK(d.message.find("a.zstyle:1:1") != std::string::npos);
  CHECK(d.message.find("pulse") != std::string::npos);
  REQUIRE_FALSE(log.seen.empty());
  CHECK(log.seen.back() == d);  // and in the log
  CHECK(firstOpacity(*t.findKeyframes("pulse")) == 0.5f);  // seed §11: the second wins

  // Reloading the earlier sheet says its block is overridden by the later one.
  const auto again = t.reload(a.id, kPulseA);
  REQUIRE(again.diagnostics.size() == 1);
  CHECK(again.diagnostics[0].file == "a.zstyle");
  CHECK(again.diagnostics[0].message.find("b.zstyle:3:1") != std::string::npos);
  CHECK(firstOpacity(*t.findKeyframes("pulse")) == 0.5f);
}

TEST_CASE("Theme: hot reload keeps KeyframeAnimation addresses and bumps their generation", "[style][theme][keyframes]") {
  QuietLog quiet;
  Theme t;
  const auto r = t.loadString(std::string(kPulseA) + "@keyframes spin { to { rotate: 90deg; } }", "a.zstyle");
  const auto other = t.loadString("@keyframes glow { to { opacity: 0.5; } }", "other.zstyle");
  const KeyframeAnimation* pulse = t.findKeyframes("pulse");
  const KeyframeAnimation* spin = t.findKeyframes("spin");
  const KeyframeAnimation* glow = t.findKeyframes("glow");
  REQUIRE(pulse);
  REQUIRE(spin);
  REQUIRE(glow);
  const auto pulseGen = pulse->generation;
  const auto glowGen = glow->generation;
  const auto themeGen = t.generation();

  // The new text redefines pulse and no longer defines spin.
  REQUIRE(t.reload(r.id, "@keyframes pulse { from { opacity: 0.75; } to { opacity: 1; } }").ok());
  CHECK(t.generation() > themeGen);
  CHECK(t.findKeyframes("pulse") == pulse);  // same object
  CHECK(pulse->generation != pulseGen);      // cursors notice
  CHECK(firstOpacity(*pulse) == 0.75f);
  CHECK(glow->generation == glowGen);        // another sheet's names are untouched

  CHECK(t.findKeyframes("spin") == nullptr);  // absent now…
  CHECK(spin == &t.keyframes.at("spin"));     // …but the handle still points at a live, empty definition
  CHECK(spin->tracks.empty());
  CHECK(spin->animated.empty());

  REQUIRE(t.reload(r.id, "@keyframes spin { to { rotate: 45deg; } }").ok());
  CHECK(t.findKeyframes("spin") == spin);  // defined again, in the same object
  CHECK_FALSE(spin->tracks.empty());
  CHECK(t.findKeyframes("pulse") == nullptr);
  (void)other;
}

TEST_CASE("Theme: unloading a sheet restores an earlier sheet's definition", "[style][theme][keyframes]") {
  QuietLog quiet;
  Theme t;
  const auto a = t.loadString(kPulseA, "a.zstyle");
  const auto b = t.loadString(kPulseB, "b.zstyle");
  const KeyframeAnimation* pulse = t.findKeyframes("pulse");
  REQUIRE(pulse);
  CHECK(firstOpacity(*pulse) == 0.5f);
  t.unload(b.id);
  CHECK(t.findKeyframes("pulse") == pulse);
  CHECK(firstOpacity(*pulse) == 0.0f);
  t.unload(a.id);
  CHECK(t.findKeyframes("pulse") == nullptr);
  CHECK(t.keyframes.count("pulse") == 1);
}

TEST_CASE("Theme: addKeyframes stores C++ definitions by name; a later sheet wins (seed §11)",
          "[style][theme][keyframes]") {
  QuietLog quiet;
  Theme t;
  KeyframeAnimation k;
  k.name = "pulse";
  Style s0, s1;
  s0.opacity = 0.2f;
  s1.opacity = 0.9f;
  k.keyframes = {Keyframe{0.0f, s0, std::nullopt}, Keyframe{1.0f, s1, std::nullopt}};
  const SheetId code = t.addKeyframes(k);
  REQUIRE(code != SheetId::None);
  const KeyframeAnimation* pulse = t.findKeyframes("pulse");
  REQUIRE(pulse);
  CHECK(pulse->compiled());
  CHECK(firstOpacity(*pulse) == 0.2f);

  const auto sheet = t.loadString(kPulseA, "a.zstyle");
  CHECK(sheet.diagnostics.size() == 1);  // replaces the <code> one
  CHECK(firstOpacity(*pulse) == 0.0f);
  t.unload(sheet.id);
  CHECK(firstOpacity(*pulse) == 0.2f);

  CHECK(t.addKeyframes(KeyframeAnimation{}) == SheetId::None);
}

TEST_CASE("Theme: clear keeps handles valid and reports every name absent", "[style][theme][keyframes]") {
  QuietLog quiet;
  Theme t;
  t.loadString(kPulseA);
  const KeyframeAnimation* pulse = t.findKeyframes("pulse");
  REQUIRE(pulse);
  t.clear();
  CHECK(t.findKeyframes("pulse") == nullptr);
  CHECK(pulse->tracks.empty());
  CHECK(t.rules().empty());
  t.loadString(kPulseB);
  CHECK(t.findKeyframes("pulse") == pulse);
}

// ---------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------

TEST_CASE("Theme: loadFile, reloadFile, and a failed reload keeps the previous rules", "[style][theme][files]") {
  QuietLog quiet;
  TempFile f("main.zstyle", ".a { opacity: 0.5; }\n" + std::string(kPulseA));
  Theme t;
  const auto r = t.loadFile(f.path.string());
  REQUIRE(r.ok());
  REQUIRE(t.rules().size() == 1);
  CHECK(t.rules()[0].decls->normal.opacity.value == 0.5f);
  const KeyframeAnimation* pulse = t.findKeyframes("pulse");
  REQUIRE(pulse);

  f.write(".a { opacity: 0.25; }\n.b { opacity: 1; }\n" + std::string(kPulseB));
  const auto again = t.reloadFile(r.id);
  REQUIRE(again.ok());
  CHECK(t.rules().size() == 2);
  CHECK(t.findKeyframes("pulse") == pulse);
  CHECK(firstOpacity(*pulse) == 0.5f);

  const auto gen = t.generation();
  std::filesystem::remove(f.path);
  const auto failed = t.reloadFile(r.id);
  CHECK_FALSE(failed.ok());
  CHECK(failed.id == r.id);
  REQUIRE(failed.diagnostics.size() == 1);
  CHECK(failed.diagnostics[0].severity == Severity::Error);
  CHECK(failed.diagnostics[0].file == f.path.string());
  CHECK(t.generation() == gen);
  CHECK(t.rules().size() == 2);  // the previous contents stay
  CHECK(t.findKeyframes("pulse") == pulse);
}

TEST_CASE("Theme: loadFiles makes one sheet of several files, in order", "[style][theme][files]") {
  QuietLog quiet;
  TempFile a("a.zstyle", ".x { opacity: 0.1; }");
  TempFile b("b.zstyle", ".x { opacity: 0.2; }");
  Theme t;
  const auto r = t.loadFiles({a.path.string(), b.path.string()});
  REQUIRE(r.ok());
  CHECK(t.sheets().size() == 1);
  REQUIRE(t.rules().size() == 2);
  CHECK(t.rules()[1].decls->normal.opacity.value == 0.2f);

  const auto bad = t.loadFiles({a.path.string(), (a.dir / "missing.zstyle").string()});
  CHECK_FALSE(bad.ok());
  CHECK(t.sheets().size() == 1);  // nothing half-loaded

  const auto fromString = t.loadString(".y {}");
  CHECK_FALSE(t.reloadFile(fromString.id).ok());
}
