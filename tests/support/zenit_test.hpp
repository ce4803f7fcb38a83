// The one header every test includes: hides the Catch2 v2/v3 difference.
#pragma once

#if ZENIT_CATCH_MAJOR >= 3
#include <catch2/catch_approx.hpp>
#include <catch2/catch_test_macros.hpp>
#include <catch2/generators/catch_generators.hpp>
#include <catch2/matchers/catch_matchers_floating_point.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>
#else
#include <catch2/catch.hpp>
#endif

namespace zenit::test {
#if ZENIT_CATCH_MAJOR >= 3
using Catch::Approx;
#else
using Catch::Detail::Approx;  // v2's Catch::Approx names a vector matcher
#endif
}  // namespace zenit::test
