// Diagnostics for bad input (stylesheets, API misuse): values, not exceptions.
//
// Every stylesheet problem becomes a Diagnostic with file:line:col; API misuse
// (unknown animation name, NaN duration …) becomes one with an empty file and
// the call's name in `source`. Both are returned to the caller where an API
// returns them, and always go through the log sink, which a test can replace
// to read them.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace zenit {

enum class Severity : std::uint8_t { Note, Warning, Error };

struct Diagnostic {
  Diagnostic() = default;
  // A diagnostic is one line: control characters in `file` and `message`
  // (a newline in an echoed name, say) are written as CSS escapes them,
  // `\a ` for a newline, and U+0000 as U+FFFD.
  Diagnostic(Severity severity, std::string file, std::uint32_t line, std::uint32_t col, std::string message);

  Severity severity{Severity::Error};  // how bad
  std::string file;                    // sheet path or "<string>"; empty for API misuse
  std::uint32_t line{0};               // 1-based; 0 when not about a text
  std::uint32_t col{0};                // 1-based column in bytes
  std::string message;                 // one line, no trailing period

  std::string format() const;  // "file:line:col: error: message" (or "zenit: warning: message")
  bool operator==(const Diagnostic&) const = default;
};

const char* toString(Severity s);  // "note" | "warning" | "error"

using LogSink = std::function<void(const Diagnostic&)>;

// Replaces the process-wide sink and returns the previous one. The default
// sink prints Diagnostic::format() to stderr. Pass nullptr to silence.
LogSink setLogSink(LogSink sink);
void log(const Diagnostic& d);  // sends d to the current sink
// API misuse: logs {severity, "", 0, 0, "<api>: <message>"}.
void logApi(Severity s, const char* api, const std::string& message);

}  // namespace zenit
