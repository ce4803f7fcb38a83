// zenit-style CLI: exit codes and output formats, run as a subprocess.
#include "support/zenit_test.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace fs = std::filesystem;

namespace {

// The tool sits in build/<preset>/tools/, the test binary in build/<preset>/tests/.
fs::path toolPath() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  return self.parent_path().parent_path() / "tools" / "zenit-style";
}

struct Run {
  int status{-1};
  std::string out, err;
};

Run run(const std::string& args) {
  const fs::path dir = fs::temp_directory_path();
  // Unique per process and call: ctest runs the cases in parallel.
  static int calls = 0;
  const std::string tag = std::to_string(::getpid()) + "_" + std::to_string(++calls);
  const fs::path o = dir / ("zenit_style_test_" + tag + ".out"),
                 e = dir / ("zenit_style_test_" + tag + ".err");
  const std::string cmd =
      "\"" + toolPath().string() + "\" " + args + " >\"" + o.string() + "\" 2>\"" + e.string() + "\"";
  const int raw = std::system(cmd.c_str());
  Run r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  auto slurp = [](const fs::path& p) {
    std::ifstream f(p);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
  };
  r.out = slurp(o);
  r.err = slurp(e);
  fs::remove(o);
  fs::remove(e);
  return r;
}

fs::path writeSheet(const std::string& name, const std::string& text) {
  const fs::path p = fs::temp_directory_path() / name;
  std::ofstream(p) << text;
  return p;
}

}  // namespace

TEST_CASE("zenit-style check: diagnostics as FILE:LINE:COL and the exit status", "[tools][cli]") {
  if (!fs::exists(toolPath())) {
    WARN("zenit-style not built next to the tests; skipped");
    return;
  }
  const fs::path good = writeSheet("zs_good.zstyle", ".a { opacity: 0.5 }\n");
  const fs::path warnOnly = writeSheet("zs_warn.zstyle", ".a {\n  animate: pulse 1s;\n}\n");
  const fs::path bad =
      writeSheet("zs_bad.zstyle", ".a { width: red }\n@keyframes k { 150% { opacity: 0 } }\n");

  Run g = run("check " + good.string());
  CHECK(g.status == 0);
  CHECK(g.out.empty());

  Run w = run("check " + warnOnly.string());
  CHECK(w.status == 0);
  CHECK(w.out ==
        warnOnly.string() + ":2:3: warning: unknown property `animate`; did you mean `animation`?\n");

  Run b = run("check " + good.string() + " " + bad.string());
  CHECK(b.status == 1);
  CHECK(b.out ==
        bad.string() +
            ":1:13: error: invalid value for width: expected a length, a percentage or auto, found `red`\n" +
            bad.string() +
            ":2:16: warning: keyframe offset `150%` is outside [0%, 100%]; the keyframe is ignored (CSS)\n");

  Run missing = run("check " + (fs::temp_directory_path() / "zs_nope.zstyle").string());
  CHECK(missing.status == 1);
  CHECK(missing.out.find(": error: cannot read stylesheet") != std::string::npos);
}

TEST_CASE("zenit-style dump: canonical form on stdout", "[tools][cli]") {
  if (!fs::exists(toolPath())) return;
  const fs::path f = writeSheet(
      "zs_dump.zstyle",
      "Slider:hover::knob { animation: glow 0.6s ease-in-out infinite; opacity: 50% !important }\n");
  Run d = run("dump --no-locations " + f.string());
  CHECK(d.status == 0);
  CHECK(d.out ==
        "Slider:hover::knob (0,1,2) {\n"
        "  animation: 0.6s ease-in-out 0s infinite normal none running glow;\n"
        "  opacity: 0.5 !important;\n"
        "}\n");
  Run withLoc = run("dump " + f.string());
  CHECK(withLoc.out.rfind("/* " + f.string() + ":1:1 */\n", 0) == 0);
}

TEST_CASE("zenit-style: help, props and usage errors", "[tools][cli]") {
  if (!fs::exists(toolPath())) return;
  Run h = run("--help");
  CHECK(h.status == 0);
  CHECK(h.out.rfind("usage: zenit-style COMMAND [ARGS]", 0) == 0);
  Run hc = run("help dump");
  CHECK(hc.status == 0);
  CHECK(hc.out.rfind("usage: zenit-style dump [--no-locations] FILE", 0) == 0);
  Run p = run("props");
  CHECK(p.status == 0);
  CHECK(p.out.find("\nopacity ") == std::string::npos);  // the first line, not after a newline
  CHECK(p.out.rfind("opacity", 0) == 0);
  CHECK(p.out.find("transform ") != std::string::npos);
  CHECK(run("").status == 2);
  Run u = run("frobnicate");
  CHECK(u.status == 2);
  CHECK(u.err == "zenit-style: unknown command `frobnicate`\nrun `zenit-style --help` for the commands\n");
  Run c = run("check");
  CHECK(c.status == 2);
  CHECK(c.err == "zenit-style check: no file given\nusage: zenit-style check FILE...\n");
  CHECK(run("dump a b").status == 2);
  CHECK(run("check --bogus x").status == 2);
}

TEST_CASE("zenit-style sample: --viewport, --reduced-motion and --dark set what @media reads",
          "[tools][cli]") {
  REQUIRE(fs::exists(toolPath()));
  const fs::path f = writeSheet("zs_sample_media.zstyle",
                                "@keyframes f { from { opacity: 0.2 } to { opacity: 1 } }\n"
                                ".pulse { animation: f 1s linear infinite; color: black; }\n"
                                "@media (prefers-reduced-motion: reduce) { .pulse { animation: none; } }\n"
                                "@media (prefers-color-scheme: dark) { .pulse { color: white; } }\n"
                                "@media (max-width: 400px) { .pulse { width: 10px; } }\n");
  const std::string base = "sample " + f.string() + " --select .pulse ";
  const Run moving = run(base + "--property opacity --times 0,500");
  CHECK(moving.status == 0);
  CHECK(moving.out == "0 0.2\n500 0.6\n");
  const Run reduced = run(base + "--property opacity --times 0,500 --reduced-motion");
  CHECK(reduced.status == 0);
  CHECK(reduced.out == "0 1\n500 1\n");
  CHECK(run(base + "--property color --times 0").out == "0 rgb(0, 0, 0)\n");
  CHECK(run(base + "--property color --times 0 --dark").out == "0 rgb(255, 255, 255)\n");
  CHECK(run(base + "--property width --times 0 --viewport 300x600").out == "0 10px\n");
  CHECK(run(base + "--property width --times 0").out != "0 10px\n");
}

TEST_CASE("zenit-style sample: --tree builds a tree and --select picks its first match", "[tools][cli]") {
  REQUIRE(fs::exists(toolPath()));
  const fs::path f = writeSheet("zs_sample_tree.zstyle",
                                ".item { opacity: 0.5; }\n"
                                ".item:nth-child(2n of .item) { opacity: 0.25; }\n"
                                ".list > [data-state=open] { width: 7px; }\n"
                                "#title + .item { height: 3px; }\n");
  const std::string tree = "--tree 'Panel.list(Label#title, Button.item, Button.item#b[data-state=open])' ";
  const std::string base = "sample " + f.string() + " " + tree;
  const Run b = run(base + "--select '#b' --property opacity --times 0");
  CHECK(b.status == 0);
  CHECK(b.out == "0 0.25\n");  // the second .item
  CHECK(run(base + "--select '#b' --property width --times 0").out == "0 7px\n");
  CHECK(run(base + "--select '[data-state=open]' --property width --times 0").out == "0 7px\n");
  CHECK(run(base + "--select Button.item --property opacity --times 0").out == "0 0.5\n");  // the first one
  CHECK(run(base + "--select Button.item --property height --times 0").out == "0 3px\n");
  const Run none = run(base + "--select '#nope' --property width --times 0");
  CHECK(none.status == 2);
  CHECK(none.err.find("no node of --tree matches --select #nope") != std::string::npos);
  const Run broken =
      run("sample " + f.string() + " --tree 'Panel(Label' --select Label --property width --times 0");
  CHECK(broken.status == 2);
  CHECK(broken.err.find("--tree: expected ',' or ')'") != std::string::npos);
}

TEST_CASE("zenit-style timeline: the placed schedule, in root time, indented by nesting",
          "[tools][cli][timeline]") {
  REQUIRE(fs::exists(toolPath()));
  const fs::path f =
      writeSheet("zs_timeline.zstyle",
                 "@timeline intro {\n"
                 "  .title { animation: fade-in 400ms ease-out both; }\n"
                 "  .sub { animation: slide 300ms; position: \"<+=100ms\"; }\n"
                 "  @label cards-in \"+=200ms\";\n"
                 "  .card { animation: pop 300ms; position: \"cards-in\"; stagger: 50ms; }\n"
                 "  @mark half 1s;\n"
                 "  @group outro {\n"
                 "    position: \">\";\n"
                 "    delay: 100ms;\n"
                 "    .bye { animation: fade-out 200ms; }\n"
                 "  }\n"
                 "  @group twice { iteration-count: 2; playback-rate: 2; .x { animation: x 1s; } }\n"
                 "}\n"
                 "@timeline other { }\n");
  const Run r = run("timeline " + f.string() + " intro --count 2");
  CHECK(r.err.empty());
  CHECK(r.status == 0);
  // The group of a rule (#K: its place among the timeline's tracks and
  // groups) spans its staggered tracks; ">" after it is its end; a group
  // with a delay shifts its children; one that repeats at another rate
  // shows its span in its parent's time and its children in its own.
  CHECK(r.out ==
        "timeline intro: 0s .. 2.25s\n"
        "  group .title #0         0s .. 0.4s\n"
        "    track fade-in [0]     0s .. 0.4s\n"
        "    track fade-in [1]     0s .. 0.4s\n"
        "  group .sub #1           0.1s .. 0.4s\n"
        "    track slide [0]       0.1s .. 0.4s\n"
        "    track slide [1]       0.1s .. 0.4s\n"
        "  label cards-in          0.6s\n"
        "  group .card #2          0.6s .. 0.95s\n"
        "    track pop [0]         0.6s .. 0.9s\n"
        "    track pop [1]         0.65s .. 0.95s\n"
        "  mark half               1s\n"
        "  timeline outro          0.95s .. 1.25s\n"
        "    group .bye #0         1.05s .. 1.25s\n"
        "      track fade-out [0]  1.05s .. 1.25s\n"
        "      track fade-out [1]  1.05s .. 1.25s\n"
        "  timeline twice          1.25s .. 2.25s  x2 rate 2 (children in its own time)\n"
        "    group .x #0           0s .. 1s\n"
        "      track x [0]         0s .. 1s\n"
        "      track x [1]         0s .. 1s\n");
}

TEST_CASE("zenit-style timeline: unknown names, sheet errors, refused clips and usage",
          "[tools][cli][timeline]") {
  REQUIRE(fs::exists(toolPath()));
  const fs::path f = writeSheet("zs_timeline_names.zstyle",
                                "@timeline b { }\n@timeline a { }\n@timeline b { .x { animation: k 1s } }\n");
  const Run unknown = run("timeline " + f.string() + " c");
  CHECK(unknown.status == 1);
  CHECK(unknown.out.empty());
  CHECK(unknown.err.find("zenit-style timeline: no @timeline named c; the sheet has: a, b\n") !=
        std::string::npos);
  const Run replaced = run("timeline " + f.string() + " b");
  CHECK(replaced.status == 0);
  CHECK(replaced.out.rfind("timeline b: 0s .. 1s\n", 0) == 0);

  const fs::path bad = writeSheet("zs_timeline_bad.zstyle", "@timeline t {\n  delay: 1;\n}\n");
  const Run errors = run("timeline " + bad.string() + " t");
  CHECK(errors.status == 1);
  CHECK(errors.out.empty());
  CHECK(errors.err ==
        bad.string() + ":2:10: error: invalid value for delay: a time needs a unit (s or ms), found `1`\n");
  CHECK(run("check " + bad.string()).status == 1);

  // What only building the clip finds: an endless child before a position that follows it.
  const fs::path endless = writeSheet("zs_timeline_endless.zstyle",
                                      "@timeline t {\n"
                                      "  .a { animation: a 1s infinite; }\n"
                                      "  .b { animation: b 1s; position: \">\"; }\n"
                                      "}\n");
  const Run refused = run("timeline " + endless.string() + " t");
  CHECK(refused.status == 1);
  CHECK(refused.err.rfind(endless.string() + ":3:3: error: ", 0) == 0);

  CHECK(run("timeline " + f.string()).status == 2);
  CHECK(run("timeline " + f.string() + " a --count").status == 2);
  CHECK(run("timeline " + f.string() + " a --count x").status == 2);
  CHECK(run("timeline " + f.string() + " a --bogus").status == 2);
  CHECK(run("timeline " + f.string() + " a --count 0").status == 0);
}
