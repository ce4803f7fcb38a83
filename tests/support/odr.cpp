// Linked into every test binary: includes every public header a second time
// in another translation unit, so a non-inline definition in a header (an
// ODR violation in header-mostly code) fails to link.
#include <zenit/zenit.hpp>
