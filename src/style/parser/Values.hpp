// The value readers' entry points for the declaration readers: a value
// read from its tokens (applyDeclaration, ParserInternal.hpp), from one
// token (PropertyEntry::lone) or from the bytes (PropertyEntry::fromBytes,
// reading a ByteValue). Each property's grammar is written once, over a
// cursor (Cursor.hpp), in the files of values/. Not installed.
#pragma once

#include "Cursor.hpp"

#include <cstddef>

namespace zenit::detail {}  // namespace zenit::detail
