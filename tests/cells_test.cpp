// Cells: a result's tensor values, owned or a view; copies share them and a change gives the changed copy
// its own.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "gradlab/cells.h"

namespace gradlab {
namespace {

TEST(Cells, CopiesShareTheValuesAndAChangeCopiesThemFirst) {
  Cells<float> a = std::vector<float>{1, 2, 3};
  Cells<float> b = a;
  EXPECT_EQ(a.data(), b.data()) << "a copy shares";
  b.at(1) = 9;
  EXPECT_NE(a.data(), b.data());
  EXPECT_EQ(a, (std::vector<float>{1, 2, 3})) << "the original is unchanged";
  EXPECT_EQ(b, (std::vector<float>{1, 9, 3}));
  float* own = b.mutableData();
  EXPECT_EQ(own, b.mutableData()) << "values of its own are changed in place";
}

TEST(Cells, AViewKeepsWhatItViewsAlive) {
  auto storage = std::make_shared<std::vector<float>>(std::vector<float>{4, 5});
  Cells<float> view(std::span<const float>(*storage), storage);
  std::weak_ptr<std::vector<float>> watch = storage;
  storage.reset();
  ASSERT_FALSE(watch.expired()) << "the view holds its keeper";
  EXPECT_TRUE(view.viewed());
  EXPECT_EQ(view.vector(), (std::vector<float>{4, 5}));
  Cells<float> changed = view;
  changed.at(0) = 1;
  EXPECT_FALSE(changed.viewed());
  EXPECT_EQ(view[0], 4.0f) << "a change never writes into the viewed memory";
  view.clear();
  changed.clear();
  EXPECT_TRUE(watch.expired()) << "the last view gone, the memory goes";
}

}  // namespace
}  // namespace gradlab
