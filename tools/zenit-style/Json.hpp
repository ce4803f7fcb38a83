// A small JSON reader for the tool's inputs (RFC 8259): null, booleans,
// numbers, strings (with \u escapes, surrogate pairs joined), arrays and
// objects (members kept in order). Errors carry the byte offset.
#pragma once

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace zenit::tools {

struct Json {
  enum class Type : std::uint8_t { Null, Bool, Number, String, Array, Object };
  Type type{Type::Null};
  bool boolean{false};
  double number{0.0};
  std::string string;
  std::vector<Json> items;      // Array
  struct Member;                // a name and its value (below: Json is complete there)
  std::vector<Member> members;  // Object, in order

  bool isNull() const { return type == Type::Null; }
  bool isNumber() const { return type == Type::Number; }
  bool isString() const { return type == Type::String; }
  bool isArray() const { return type == Type::Array; }
  bool isObject() const { return type == Type::Object; }
  // The member of that name, or nullptr.
  const Json* get(std::string_view name) const;
};

struct Json::Member {
  std::string key;
  Json value;
};

inline const Json* Json::get(std::string_view name) const {
  for (const Member& m : members)
    if (m.key == name) return &m.value;
  return nullptr;
}

// Parses `text`; on failure returns nullopt and writes why to `error`.
inline std::optional<Json> parseJson(std::string_view text, std::string& error) {
  std::size_t i = 0;
  const auto ws = [&] {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) ++i;
  };
  const auto fail = [&](std::string_view why) {
    error = "JSON at byte " + std::to_string(i) + ": " + std::string(why);
    return false;
  };
  const auto appendUtf8 = [](std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  };
  const auto hex4 = [&](std::uint32_t& v) {
    if (i + 4 > text.size()) return false;
    const auto r = std::from_chars(text.data() + i, text.data() + i + 4, v, 16);
    if (r.ptr != text.data() + i + 4) return false;
    i += 4;
    return true;
  };
  const auto str = [&](std::string& out) {
    ++i;  // the opening quote
    while (i < text.size() && text[i] != '"') {
      const char c = text[i++];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i >= text.size()) return fail("unfinished escape");
      const char e = text[i++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          std::uint32_t cp = 0;
          if (!hex4(cp)) return fail("bad \\u escape");
          if (cp >= 0xD800 && cp < 0xDC00 && i + 1 < text.size() && text[i] == '\\' && text[i + 1] == 'u') {
            i += 2;
            std::uint32_t low = 0;
            if (!hex4(low)) return fail("bad \\u escape");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          appendUtf8(out, cp);
          break;
        }
        default: return fail("bad escape");
      }
    }
    if (i >= text.size()) return fail("unfinished string");
    ++i;
    return true;
  };
  // Recursion through a std::function-free local struct.
  struct Reader {
    decltype(ws)& skip;
    decltype(fail)& failed;
    decltype(str)& readString;
    std::string_view text;
    std::size_t& i;
    bool value(Json& out, int depth) {
      if (depth > 256) return failed("nested too deeply");
      skip();
      if (i >= text.size()) return failed("unexpected end");
      const char c = text[i];
      if (c == '{') {
        out.type = Json::Type::Object;
        ++i;
        skip();
        if (i < text.size() && text[i] == '}') return ++i, true;
        for (;;) {
          skip();
          if (i >= text.size() || text[i] != '"') return failed("expected a member name");
          std::string key;
          if (!readString(key)) return false;
          skip();
          if (i >= text.size() || text[i] != ':') return failed("expected ':'");
          ++i;
          Json v;
          if (!value(v, depth + 1)) return false;
          out.members.push_back(Json::Member{std::move(key), std::move(v)});
          skip();
          if (i < text.size() && text[i] == ',') {
            ++i;
            continue;
          }
          if (i < text.size() && text[i] == '}') return ++i, true;
          return failed("expected ',' or '}'");
        }
      }
      if (c == '[') {
        out.type = Json::Type::Array;
        ++i;
        skip();
        if (i < text.size() && text[i] == ']') return ++i, true;
        for (;;) {
          Json v;
          if (!value(v, depth + 1)) return false;
          out.items.push_back(std::move(v));
          skip();
          if (i < text.size() && text[i] == ',') {
            ++i;
            continue;
          }
          if (i < text.size() && text[i] == ']') return ++i, true;
          return failed("expected ',' or ']'");
        }
      }
      if (c == '"') {
        out.type = Json::Type::String;
        return readString(out.string);
      }
      const auto word = [&](std::string_view w) {
        return text.substr(i, w.size()) == w ? (i += w.size(), true) : false;
      };
      if (word("null")) return out.type = Json::Type::Null, true;
      if (word("true")) return out.type = Json::Type::Bool, out.boolean = true, true;
      if (word("false")) return out.type = Json::Type::Bool, out.boolean = false, true;
      std::size_t n = i;
      while (n < text.size() && (std::string_view("+-.eE").find(text[n]) != std::string_view::npos ||
                                 (text[n] >= '0' && text[n] <= '9')))
        ++n;
      const auto r = std::from_chars(text.data() + i, text.data() + n, out.number);
      if (n == i || r.ptr != text.data() + n) return failed("expected a value");
      out.type = Json::Type::Number;
      i = n;
      return true;
    }
  };
  Reader reader{ws, fail, str, text, i};
  Json root;
  if (!reader.value(root, 0)) return std::nullopt;
  ws();
  if (i != text.size()) {
    fail("text after the value");
    return std::nullopt;
  }
  return root;
}

// A number in JSON: finite as %.17g trimmed by the shortest round trip;
// infinities and NaN as the strings "Infinity", "-Infinity", "NaN".
inline std::string jsonNumber(double v) {
  if (v != v) return "\"NaN\"";
  if (v == std::numeric_limits<double>::infinity()) return "\"Infinity\"";
  if (v == -std::numeric_limits<double>::infinity()) return "\"-Infinity\"";
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

inline std::string jsonString(std::string_view s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

}  // namespace zenit::tools
