// zenit-parse-bench: how fast the .zstyle parser reads a generated sheet.
//
//   zenit-parse-bench [--size-mb X] [--repeat N] [--theme] [--check] [--dump FILE]
//
// Generates the benchmark sheet (SheetGen.hpp) of X MB (default 0.5: 2,000
// rules, 200 @keyframes), parses it N times (default 5) and prints the best
// and median time and MB/s (1 MB = 10^6 bytes). --theme also times
// Theme::loadString, which parses and then installs the sheet (selector
// index, keyframes). --check fails (exit 1) when the sheet produces any
// diagnostic. --dump writes the sheet to FILE and exits.
//
// Under callgrind only zenit_parse_bench_parse (parse alone) or
// zenit_parse_bench_theme (parse + Theme) need be collected:
//   valgrind --tool=callgrind --collect-atstart=no
//            --toggle-collect=zenit_parse_bench_parse zenit-parse-bench --repeat 1
// scripts/parse-instr.sh does that and prints instructions per byte.
#include "SheetGen.hpp"

#include <zenit/style/Parser.hpp>
#include <zenit/style/Theme.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

// Out of line and unmangled, so callgrind can collect exactly these calls.
extern "C" __attribute__((noinline)) void zenit_parse_bench_parse(const std::string* text,
                                                                  zenit::StyleSheet* out) {
  *out = zenit::parseStyleSheet(*text);
}

extern "C" __attribute__((noinline)) bool zenit_parse_bench_theme(const std::string* text,
                                                                  zenit::Theme* theme) {
  return theme->loadString(*text, "bench.zstyle").ok();
}

namespace {

struct Timing {
  double best{0.0}, median{0.0};  // seconds
};

Timing summarise(std::vector<double> seconds) {
  std::sort(seconds.begin(), seconds.end());
  return Timing{seconds.front(), seconds[seconds.size() / 2]};
}

void print(const char* what, const Timing& t, std::size_t bytes) {
  const double mb = static_cast<double>(bytes) / 1e6;
  std::printf("%-14s best %8.3f ms  %7.1f MB/s   median %8.3f ms  %7.1f MB/s\n", what, t.best * 1e3,
              mb / t.best, t.median * 1e3, mb / t.median);
}

int usage(const char* msg) {
  std::fprintf(stderr,
               "zenit-parse-bench: %s\nusage: zenit-parse-bench [--size-mb X] [--repeat N] [--theme] "
               "[--check] [--dump FILE]\n",
               msg);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  double sizeMb = 0.5;
  int repeat = 5;
  bool theme = false, check = false;
  const char* dump = nullptr;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    const bool hasValue = i + 1 < argc;
    if (a == "--size-mb" && hasValue)
      sizeMb = std::atof(argv[++i]);
    else if (a == "--repeat" && hasValue)
      repeat = std::atoi(argv[++i]);
    else if (a == "--dump" && hasValue)
      dump = argv[++i];
    else if (a == "--theme")
      theme = true;
    else if (a == "--check")
      check = true;
    else
      return usage(("unknown or incomplete option " + std::string(a)).c_str());
  }
  if (!(sizeMb > 0.0) || sizeMb > 1000.0) return usage("--size-mb must be in (0, 1000]");
  if (repeat < 1) return usage("--repeat must be at least 1");

  zenit::bench::SheetShape shape;
  const std::string text = zenit::bench::generateSheet(static_cast<std::size_t>(sizeMb * 1e6), &shape);
  if (dump) {
    std::FILE* f = std::fopen(dump, "wb");
    if (!f || std::fwrite(text.data(), 1, text.size(), f) != text.size())
      return usage("cannot write the --dump file");
    std::fclose(f);
    return 0;
  }
  std::printf("sheet: %zu bytes, %zu rules, %zu @keyframes; %d repeat(s)\n", text.size(), shape.rules,
              shape.keyframes, repeat);

  using Clock = std::chrono::steady_clock;
  std::vector<double> parseTimes;
  std::size_t diagnostics = 0, rules = 0;
  for (int r = 0; r < repeat; ++r) {
    zenit::StyleSheet sheet;
    const auto t0 = Clock::now();
    zenit_parse_bench_parse(&text, &sheet);
    parseTimes.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
    diagnostics = sheet.diagnostics.size();
    rules = sheet.rules.size();
    if (check && r == 0)
      for (const zenit::Diagnostic& d : sheet.diagnostics) std::fprintf(stderr, "%s\n", d.format().c_str());
  }
  std::printf("parsed: %zu rules, %zu diagnostics\n", rules, diagnostics);
  print("parse", summarise(parseTimes), text.size());

  bool themeOk = true;
  if (theme) {
    std::vector<double> themeTimes;
    for (int r = 0; r < repeat; ++r) {
      zenit::Theme t;
      const auto t0 = Clock::now();
      themeOk = zenit_parse_bench_theme(&text, &t) && themeOk;
      themeTimes.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
    }
    print("parse+theme", summarise(themeTimes), text.size());
  }
  if (check && (diagnostics != 0 || !themeOk)) return 1;
  return 0;
}
