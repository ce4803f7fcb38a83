// zenit-style: check, dump, sample and inspect .zstyle stylesheets.
//
// Each subcommand is one entry of kCommands: a name, a one-line summary, a
// usage line and a function taking the remaining arguments and returning
// the exit status (0 ok, 1 problems found, 2 usage error). Add a subcommand
// by adding an entry.
#include <zenit/core/Diagnostic.hpp>
#include <zenit/style/Dump.hpp>
#include <zenit/style/Parser.hpp>

#include "Gsap.hpp"
#include "Sample.hpp"
#include "Timeline.hpp"

#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#define ZENIT_STYLE_HAS_BATCH 1
#endif

#include <cstdio>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

namespace {

using Args = std::vector<std::string_view>;

struct Command {
  std::string_view name;
  std::string_view summary;
  std::string_view usage;
  int (*run)(const Args& args);
};

int usageError(std::string_view cmd, std::string_view message);

// file:line:col: severity: message (file: severity: message when there is no position).
void printDiagnostic(const zenit::Diagnostic& d) {
  if (d.line == 0 && !d.file.empty())
    std::printf("%s: %s: %s\n", d.file.c_str(), zenit::toString(d.severity), d.message.c_str());
  else
    std::printf("%s\n", d.format().c_str());
}

int runCheck(const Args& args) {
  if (args.empty()) return usageError("check", "no file given");
  bool errors = false;
  for (std::string_view a : args) {
    if (a.size() > 1 && a[0] == '-') return usageError("check", "unknown option " + std::string(a));
  }
  for (std::string_view a : args) {
    const zenit::StyleSheet sheet = zenit::parseStyleFile(std::string(a));
    for (const zenit::Diagnostic& d : sheet.diagnostics) printDiagnostic(d);
    errors = errors || sheet.hasErrors();
  }
  return errors ? 1 : 0;
}

int runDump(const Args& args) {
  zenit::DumpOptions opt;
  std::string file;
  for (std::string_view a : args) {
    if (a == "--no-locations")
      opt.locations = false;
    else if (a.size() > 1 && a[0] == '-')
      return usageError("dump", "unknown option " + std::string(a));
    else if (!file.empty())
      return usageError("dump", "dump takes one file");
    else
      file = std::string(a);
  }
  if (file.empty()) return usageError("dump", "no file given");
  const zenit::StyleSheet sheet = zenit::parseStyleFile(file);
  for (const zenit::Diagnostic& d : sheet.diagnostics) {
    std::fflush(stdout);
    if (d.line == 0 && !d.file.empty())
      std::fprintf(stderr, "%s: %s: %s\n", d.file.c_str(), zenit::toString(d.severity), d.message.c_str());
    else
      std::fprintf(stderr, "%s\n", d.format().c_str());
  }
  std::fputs(zenit::dumpStyleSheet(sheet, opt).c_str(), stdout);
  return sheet.hasErrors() ? 1 : 0;
}

int runProps(const Args& args) {
  if (!args.empty()) return usageError("props", "props takes no arguments");
  std::size_t width = 0;
  for (const auto& p : zenit::propertyNames()) width = std::max(width, p.name.size());
  for (const auto& p : zenit::propertyNames()) {
    std::string sets;
    if (!p.longhandRow) {
      p.sets.forEach([&](zenit::Prop q) {
        sets += sets.empty() ? " -> " : ", ";
        sets += zenit::cssName(q);
      });
    }
    std::printf("%-*s  %s%s\n", static_cast<int>(width), std::string(p.name).c_str(),
                std::string(p.syntax).c_str(), sets.c_str());
  }
  return 0;
}

int runHelp(const Args& args);
int runBatch(const Args& args);

int runSampleCommand(const Args& args) { return zenit::tools::runSample(args, nullptr); }
int runRenderCommand(const Args& args) { return zenit::tools::runRender(args, nullptr); }

constexpr Command kCommands[] = {
    {"check", "parse sheets and print every diagnostic; exit 1 if any is an error",
     "zenit-style check FILE...", runCheck},
    {"dump", "print a sheet's rules and @keyframes in canonical form (diagnostics go to stderr)",
     "zenit-style dump [--no-locations] FILE", runDump},
    {"props", "list every property name the parser accepts, with its value syntax", "zenit-style props",
     runProps},
    {"sample",
     "run a sheet on a node (alone, or in a --tree) through update + draw and print a property's value at "
     "given times",
     "zenit-style sample FILE --select SELECTOR --property NAME --times MS[,MS...] [--tree TREE] "
     "[--at MS:+CLASS|-CLASS|+:STATE|-:STATE ...] [--viewport WxH] [--reduced-motion] [--dark]",
     runSampleCommand},
    {"render",
     "run a sheet on a --tree through update + draw and write the frame at one time as a PNG (the golden "
     "images' renderer)",
     "zenit-style render FILE --out PNG [--tree TREE] [--time MS] [--viewport WxH] [--reduced-motion] "
     "[--dark]",
     runRenderCommand},
    {"gsap",
     "port GSAP scripts (tests/gsap/*.json cases) to clips, staggers or eases and print where ZenitUI places "
     "each child, the stagger offsets or the ease values, one JSON object a line",
     "zenit-style gsap positions|stagger|easing FILE", zenit::tools::runGsap},
    {"timeline",
     "build a sheet's @timeline into a clip, with N nodes matching each track rule, and print where each "
     "track, group, label and mark is placed",
     "zenit-style timeline FILE NAME [--count N]", zenit::tools::runTimeline},
    {"batch", "run many commands in one process: one per stdin line, arguments separated by tabs",
     "zenit-style batch   (stdin: COMMAND<TAB>ARG<TAB>...; after each, a line \\x1e EXIT-STATUS)", runBatch},
    {"help", "show this help", "zenit-style help [COMMAND]", runHelp},
};

const Command* findCommand(std::string_view name) {
  for (const Command& c : kCommands)
    if (c.name == name) return &c;
  return nullptr;
}

void printHelp(std::FILE* out) {
  std::fprintf(
      out,
      "usage: zenit-style COMMAND [ARGS]\n\nCheck and inspect ZenitUI .zstyle stylesheets.\n\ncommands:\n");
  for (const Command& c : kCommands)
    std::fprintf(out, "  %-6s  %s\n          %s\n", std::string(c.name).c_str(),
                 std::string(c.summary).c_str(), std::string(c.usage).c_str());
  std::fprintf(out, "\nexit status: 0 ok, 1 the input has errors, 2 usage error\n");
}

int runHelp(const Args& args) {
  if (args.empty()) {
    printHelp(stdout);
    return 0;
  }
  const Command* c = findCommand(args[0]);
  if (!c) return usageError("help", "unknown command " + std::string(args[0]));
  std::printf("usage: %s\n\n%s\n", std::string(c->usage).c_str(), std::string(c->summary).c_str());
  return 0;
}

// batch: the conformance harness replays thousands of small sheets; one
// process for all of them saves a process start per case (most of the time
// under sanitizers). stderr joins stdout so one stream keeps the order, and
// each command ends with a line of 0x1E (record separator) and its status.
int runBatch(const Args& args) {
  if (!args.empty()) return usageError("batch", "batch takes no arguments (commands come on stdin)");
#ifdef ZENIT_STYLE_HAS_BATCH
  std::fflush(stderr);
  if (dup2(STDOUT_FILENO, STDERR_FILENO) < 0) return usageError("batch", "cannot join stderr to stdout");
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  std::string line;
  while (std::getline(std::cin, line)) {
    std::vector<std::string_view> fields;
    std::string_view rest = line;
    while (!rest.empty()) {
      const std::size_t tab = rest.find('\t');
      fields.push_back(rest.substr(0, tab));
      rest = tab == std::string_view::npos ? std::string_view{} : rest.substr(tab + 1);
    }
    int status = 2;
    if (fields.empty()) {
      status = usageError("batch", "empty command line");
    } else if (const Command* c = findCommand(fields[0]); !c || c->run == runBatch) {
      status = usageError("batch", "unknown command " + std::string(fields[0]));
    } else {
      status = c->run(Args(fields.begin() + 1, fields.end()));
    }
    std::fflush(stderr);
    std::printf("\x1e %d\n", status);
    std::fflush(stdout);
  }
  return 0;
#else
  return usageError("batch", "not available on this platform");
#endif
}

int usageError(std::string_view cmd, std::string_view message) {
  std::fprintf(stderr, "zenit-style %s: %s\n", std::string(cmd).c_str(), std::string(message).c_str());
  if (const Command* c = findCommand(cmd))
    std::fprintf(stderr, "usage: %s\n", std::string(c->usage).c_str());
  else
    std::fprintf(stderr, "run `zenit-style --help` for the commands\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  zenit::setLogSink(nullptr);  // diagnostics are printed from the results, once
  Args args(argv + 1, argv + argc);
  if (args.empty()) {
    printHelp(stderr);
    return 2;
  }
  if (args[0] == "--help" || args[0] == "-h") {
    printHelp(stdout);
    return 0;
  }
  const Command* c = findCommand(args[0]);
  if (!c) {
    std::fprintf(stderr, "zenit-style: unknown command `%s`\n", std::string(args[0]).c_str());
    std::fprintf(stderr, "run `zenit-style --help` for the commands\n");
    return 2;
  }
  const Args rest(args.begin() + 1, args.end());
  for (std::string_view a : rest)
    if (a == "--help" || a == "-h") return runHelp(Args{c->name});
  return c->run(rest);
}
