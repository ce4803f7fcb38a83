// Catch2 v2 needs one translation unit that defines main; v3 links
// Catch2WithMain instead and this file is empty.
#if ZENIT_CATCH_MAJOR < 3
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
#endif
