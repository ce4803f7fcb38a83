#include <zenit/core/Diagnostic.hpp>

#include "core/Ascii.hpp"

#include <fmt/format.h>

#include <algorithm>

#include <cstdio>
#include <utility>

namespace zenit {

const char* toString(Severity s) {
  switch (s) {
    case Severity::Note: return "note";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
  }
  return "error";
}

namespace {
// `text` without control characters (Diagnostic's constructor).
std::string oneLine(std::string text) {
  if (std::none_of(text.begin(), text.end(),
                   [](char c) { return detail::isControl(static_cast<unsigned char>(c)); }))
    return text;
  std::string out;
  out.reserve(text.size() + 8);
  detail::appendEscapingControls(out, text);
  return out;
}
}  // namespace

Diagnostic::Diagnostic(Severity s, std::string f, std::uint32_t l, std::uint32_t c, std::string m)
    : severity(s), file(oneLine(std::move(f))), line(l), col(c), message(oneLine(std::move(m))) {}

std::string Diagnostic::format() const {
  if (file.empty() && line == 0) return fmt::format("zenit: {}: {}", toString(severity), message);
  return fmt::format("{}:{}:{}: {}: {}", file, line, col, toString(severity), message);
}

namespace {
LogSink& sink() {
  static LogSink s = [](const Diagnostic& d) { std::fprintf(stderr, "%s\n", d.format().c_str()); };
  return s;
}
}  // namespace

LogSink setLogSink(LogSink s) { return std::exchange(sink(), std::move(s)); }

void log(const Diagnostic& d) {
  if (sink()) sink()(d);
}

void logApi(Severity s, const char* api, const std::string& message) {
  log(Diagnostic{s, {}, 0, 0, fmt::format("{}: {}", api, message)});
}

}  // namespace zenit
