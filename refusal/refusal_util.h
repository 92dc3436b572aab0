// Small text helpers of the refusal explanations (gradlab/refusal.h), shared by the rule table and the
// text rendering.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "acl/acl_base.h"

namespace gradlab::refusal::detail {

// At most four significant digits, integers without a point: "60", "0.01667", "1.5".
std::string num(double v);
// As the library's messages print a double (an ostream's default): "60", "0.01", "-1".
std::string exact(double v);
// The product of `dims`, saturated at int64's largest value; 0 when a dim is 0, negative dims count as 0.
int64_t cellCount(const std::vector<int64_t>& dims);
// "a, b or c" (the "or" in the current language)
std::string joinOr(const std::vector<std::string>& items);
// Terminal columns of `text`: a Chinese character (U+3000 and up) is two, any other byte one.
size_t columns(std::string_view text);

}  // namespace gradlab::refusal::detail
