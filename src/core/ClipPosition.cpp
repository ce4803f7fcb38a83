// Positions in GSAP's syntax, read and printed (include/zenit/core/ClipPosition.hpp).
#include <zenit/core/ClipPosition.hpp>

#include <zenit/core/Format.hpp>

#include <charconv>
#include <cmath>

namespace zenit {

namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// A number as a finite double ("1", "-0.5", "+2e-3"), or nullopt.
std::optional<double> numberOf(std::string_view text) {
  if (text.empty()) return std::nullopt;
  if (text.front() == '+') text.remove_prefix(1);
  double v = 0.0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || end != text.data() + text.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

// A time: a number of seconds, also written with the unit "s" or "ms".
std::optional<double> secondsOf(std::string_view text) {
  if (text.size() > 2 && text.substr(text.size() - 2) == "ms") {
    const std::optional<double> v = numberOf(text.substr(0, text.size() - 2));
    return v ? std::optional<double>(*v / 1000.0) : std::nullopt;
  }
  if (text.size() > 1 && text.back() == 's') text.remove_suffix(1);
  return numberOf(text);
}

// An offset after an anchor: a time or a percentage.
struct Offset {
  double value{0.0};
  bool percent{false};
};
std::optional<Offset> offsetOf(std::string_view text) {
  text = trimmed(text);
  if (!text.empty() && text.back() == '%') {
    const std::optional<double> v = numberOf(text.substr(0, text.size() - 1));
    if (!v) return std::nullopt;
    return Offset{*v, true};
  }
  const std::optional<double> v = secondsOf(text);
  if (!v) return std::nullopt;
  return Offset{*v, false};
}

}  // namespace

std::optional<ClipPosition> parsePosition(std::string_view text, std::string* error) {
  const std::string_view whole = trimmed(text);
  const auto fail = [&](std::string_view why) -> std::optional<ClipPosition> {
    if (error) *error = "position \"" + std::string(whole) + "\": " + std::string(why);
    return std::nullopt;
  };
  if (whole.empty()) return fail("empty");
  ClipPosition p;
  std::string_view rest = whole;
  // "<" and ">": the previous child's start or end, then an offset:
  // "+=x"/"-=x" (a percentage of the inserted child) or "x" (of the previous).
  if (rest.front() == '<' || rest.front() == '>') {
    p.anchor = rest.front() == '<' ? ClipPosition::Anchor::PreviousStart : ClipPosition::Anchor::PreviousEnd;
    rest = trimmed(rest.substr(1));
    if (rest.empty()) return p;
    const bool relative = rest.size() >= 2 && (rest[0] == '+' || rest[0] == '-') && rest[1] == '=';
    const bool minus = relative && rest[0] == '-';
    const std::optional<Offset> o = offsetOf(relative ? rest.substr(2) : rest);
    if (!o)
      return fail("expected a time or a percentage after " +
                  std::string(relative ? (minus ? "-=" : "+=") : whole.substr(0, 1)));
    p.offset = minus ? -o->value : o->value;
    p.unit = !o->percent
                 ? ClipPosition::Unit::Seconds
                 : (relative ? ClipPosition::Unit::PercentOfInserted : ClipPosition::Unit::PercentOfPrevious);
    return p;
  }
  // "+=x", "-=x", "label+=x", "label-=x".
  const std::size_t eq = rest.find('=');
  if (eq != std::string_view::npos) {
    if (eq == 0 || (rest[eq - 1] != '+' && rest[eq - 1] != '-')) return fail("expected += or -=");
    const bool minus = rest[eq - 1] == '-';
    const std::optional<Offset> o = offsetOf(rest.substr(eq + 1));
    if (!o) return fail("expected a time or a percentage after " + std::string(minus ? "-=" : "+="));
    p.offset = minus ? -o->value : o->value;
    p.unit = o->percent ? ClipPosition::Unit::PercentOfInserted : ClipPosition::Unit::Seconds;
    const std::string_view label = trimmed(rest.substr(0, eq - 1));
    if (label.empty()) {
      p.anchor = ClipPosition::Anchor::End;
    } else {
      p.anchor = ClipPosition::Anchor::Label;
      p.label = std::string(label);
    }
    return p;
  }
  if (const std::optional<double> v = secondsOf(rest)) return ClipPosition::at(*v);
  if (rest.back() == '%') return fail("a percentage needs an anchor: \"+=50%\", \"<50%\" or \"label+=50%\"");
  if (rest.find_first_of(" \t") != std::string_view::npos) return fail("a label name has no spaces");
  return ClipPosition::atLabel(std::string(rest));
}

std::string toString(const ClipPosition& p) {
  std::string out;
  const bool percent = p.unit != ClipPosition::Unit::Seconds;
  const auto appendOffset = [&](bool relative) {
    if (relative) {
      out += p.offset < 0.0 ? "-=" : "+=";
      appendCssNumber(out, std::abs(p.offset));
    } else {
      appendCssNumber(out, p.offset);
    }
    if (percent) out += '%';
  };
  switch (p.anchor) {
    case ClipPosition::Anchor::Absolute: appendCssNumber(out, p.offset); break;
    case ClipPosition::Anchor::End: appendOffset(true); break;
    case ClipPosition::Anchor::PreviousStart:
    case ClipPosition::Anchor::PreviousEnd:
      out += p.anchor == ClipPosition::Anchor::PreviousStart ? '<' : '>';
      if (p.offset != 0.0 || p.unit == ClipPosition::Unit::PercentOfPrevious)
        appendOffset(p.unit == ClipPosition::Unit::PercentOfInserted);
      break;
    case ClipPosition::Anchor::Label:
      out += p.label;
      if (p.offset != 0.0) appendOffset(true);
      break;
  }
  return out;
}

}  // namespace zenit
