// SmallVector<T, N>: a vector whose first N elements live inside the object.
//
// The style model's short lists (a compound's classes, a selector's
// compounds, a rule's selector list) are almost always one to three long.
// In a std::vector each non-empty list is a heap allocation: three or more
// a rule, most of a stylesheet parse's allocations. Here they cost none
// until a list outgrows N; past N the elements move to the heap as a
// vector's do (capacity doubles).
//
// The interface is std::vector's subset that the model needs: iteration
// (pointers), size / capacity / reserve, push_back / emplace_back /
// pop_back, assign, insert and erase of one element or a range, resize,
// clear, ==. It is a contiguous range, so std::span converts from it.
// Differences from std::vector: a move of a list stored inline moves its
// elements (iterators into the source do not survive it), and capacity()
// is at least N.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <memory>
#include <new>
#include <stdexcept>
#include <type_traits>
#include <utility>

namespace zenit {

template <class T, std::size_t N>
class SmallVector {
  static_assert(N > 0, "SmallVector: N must be at least 1 (use std::vector for none)");
  static_assert(N <= std::numeric_limits<std::uint32_t>::max(), "SmallVector: N too large");
  static_assert(std::is_nothrow_move_constructible_v<T>,
                "SmallVector: elements move when the list grows, without a copy fallback");

 public:
  using value_type = T;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using reference = T&;
  using const_reference = const T&;
  using pointer = T*;
  using const_pointer = const T*;
  using iterator = T*;
  using const_iterator = const T*;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;

  static constexpr std::size_t inline_capacity = N;  // elements held without an allocation

  SmallVector() noexcept : data_(inlineData()) {}
  SmallVector(std::initializer_list<T> init) : SmallVector() { assign(init.begin(), init.end()); }
  template <std::input_iterator It>
  SmallVector(It first, It last) : SmallVector() {
    assign(first, last);
  }
  SmallVector(const SmallVector& other) : SmallVector() { assign(other.begin(), other.end()); }
  SmallVector(SmallVector&& other) noexcept : SmallVector() { take(other); }
  ~SmallVector() {
    std::destroy(begin(), end());
    release();
  }

  SmallVector& operator=(const SmallVector& other) {
    if (this != &other) assign(other.begin(), other.end());
    return *this;
  }
  SmallVector& operator=(SmallVector&& other) noexcept {
    if (this != &other) {
      clear();
      release();
      data_ = inlineData();
      cap_ = N;
      take(other);
    }
    return *this;
  }
  SmallVector& operator=(std::initializer_list<T> init) {
    assign(init.begin(), init.end());
    return *this;
  }

  // Replaces the contents with [first, last), which must not point into this list.
  template <std::input_iterator It>
  void assign(It first, It last) {
    clear();
    if constexpr (std::forward_iterator<It>) {
      reserve(static_cast<std::size_t>(std::distance(first, last)));
      T* out = data_;
      for (; first != last; ++first, ++out, ++size_) ::new (static_cast<void*>(out)) T(*first);
    } else {
      for (; first != last; ++first) emplace_back(*first);
    }
  }
  void assign(std::initializer_list<T> init) { assign(init.begin(), init.end()); }

  // Element access. operator[] asserts the index; at() throws std::out_of_range.
  T& operator[](std::size_t i) {
    assert(i < size_ && "SmallVector: index out of range");
    return data_[i];
  }
  const T& operator[](std::size_t i) const {
    assert(i < size_ && "SmallVector: index out of range");
    return data_[i];
  }
  T& at(std::size_t i) { return i < size_ ? data_[i] : outOfRange(); }
  const T& at(std::size_t i) const { return i < size_ ? data_[i] : outOfRange(); }
  T& front() { return (*this)[0]; }
  const T& front() const { return (*this)[0]; }
  T& back() { return (*this)[size_ - 1]; }
  const T& back() const { return (*this)[size_ - 1]; }
  T* data() noexcept { return data_; }
  const T* data() const noexcept { return data_; }

  iterator begin() noexcept { return data_; }
  iterator end() noexcept { return data_ + size_; }
  const_iterator begin() const noexcept { return data_; }
  const_iterator end() const noexcept { return data_ + size_; }
  const_iterator cbegin() const noexcept { return data_; }
  const_iterator cend() const noexcept { return data_ + size_; }
  reverse_iterator rbegin() noexcept { return reverse_iterator(end()); }
  reverse_iterator rend() noexcept { return reverse_iterator(begin()); }
  const_reverse_iterator rbegin() const noexcept { return const_reverse_iterator(end()); }
  const_reverse_iterator rend() const noexcept { return const_reverse_iterator(begin()); }

  bool empty() const noexcept { return size_ == 0; }
  std::size_t size() const noexcept { return size_; }
  std::size_t capacity() const noexcept { return cap_; }
  static constexpr std::size_t max_size() noexcept { return std::numeric_limits<std::uint32_t>::max(); }
  bool isInline() const noexcept { return data_ == inlineData(); }  // no heap storage held

  void reserve(std::size_t n) {
    if (n > cap_) grow(n);
  }
  void clear() noexcept {
    std::destroy(begin(), end());
    size_ = 0;
  }

  void push_back(const T& v) { emplace_back(v); }
  void push_back(T&& v) { emplace_back(std::move(v)); }
  template <class... Args>
  T& emplace_back(Args&&... args) {
    if (size_ < cap_) {
      T* p = ::new (static_cast<void*>(data_ + size_)) T(std::forward<Args>(args)...);
      ++size_;
      return *p;
    }
    // Full: the new element is built in the new storage before the old
    // elements move, so an argument that refers to one of them stays valid.
    const std::size_t newCap = grownCapacity(size_ + 1);
    T* fresh = allocate(newCap);
    T* p = nullptr;
    try {
      p = ::new (static_cast<void*>(fresh + size_)) T(std::forward<Args>(args)...);
    } catch (...) {
      std::allocator<T>().deallocate(fresh, newCap);  // the list is as it was
      throw;
    }
    moveInto(fresh, newCap);
    ++size_;
    return *p;
  }
  void pop_back() {
    assert(size_ > 0 && "SmallVector: pop_back on an empty list");
    data_[--size_].~T();
  }

  // Default-constructs or destroys elements at the end until size() == n.
  void resize(std::size_t n) {
    if (n < size_) {
      std::destroy(data_ + n, end());
      size_ = static_cast<std::uint32_t>(n);
      return;
    }
    reserve(n);
    for (; size_ < n; ++size_) ::new (static_cast<void*>(data_ + size_)) T();
  }

  iterator insert(const_iterator pos, const T& v) { return emplace(pos, v); }
  iterator insert(const_iterator pos, T&& v) { return emplace(pos, std::move(v)); }
  template <class... Args>
  iterator emplace(const_iterator pos, Args&&... args) {
    const auto i = static_cast<std::size_t>(pos - data_);
    assert(i <= size_ && "SmallVector: insert position out of range");
    T value(std::forward<Args>(args)...);  // before anything moves: args may refer to an element
    emplace_back(std::move(value));
    std::rotate(data_ + i, end() - 1, end());
    return data_ + i;
  }

  iterator erase(const_iterator pos) { return erase(pos, pos + 1); }
  iterator erase(const_iterator first, const_iterator last) {
    T* const f = data_ + (first - data_);
    T* const l = data_ + (last - data_);
    assert(data_ <= f && f <= l && l <= end() && "SmallVector: erase range out of range");
    T* const newEnd = std::move(l, end(), f);
    std::destroy(newEnd, end());
    size_ = static_cast<std::uint32_t>(newEnd - data_);
    return f;
  }

  friend bool operator==(const SmallVector& a, const SmallVector& b) {
    return a.size_ == b.size_ && std::equal(a.begin(), a.end(), b.begin());
  }

 private:
  T* inlineData() noexcept { return std::launder(reinterpret_cast<T*>(storage_)); }
  const T* inlineData() const noexcept { return std::launder(reinterpret_cast<const T*>(storage_)); }

  [[noreturn]] static T& outOfRange() { throw std::out_of_range("SmallVector::at: index out of range"); }

  static T* allocate(std::size_t n) {
    if (n > max_size()) throw std::length_error("SmallVector: too many elements");
    return std::allocator<T>().allocate(n);
  }
  void release() noexcept {
    if (!isInline()) std::allocator<T>().deallocate(data_, cap_);
  }
  std::size_t grownCapacity(std::size_t need) const {
    return std::max<std::size_t>(need, std::min<std::size_t>(std::size_t{cap_} * 2, max_size()));
  }
  void grow(std::size_t need) {
    const std::size_t newCap = grownCapacity(need);
    moveInto(allocate(newCap), newCap);
  }
  // Moves the elements into `fresh` (capacity newCap) and makes it the storage.
  void moveInto(T* fresh, std::size_t newCap) noexcept {
    std::uninitialized_move(begin(), end(), fresh);
    std::destroy(begin(), end());
    release();
    data_ = fresh;
    cap_ = static_cast<std::uint32_t>(newCap);
  }
  // Takes other's elements; this list is empty and inline. other ends empty.
  void take(SmallVector& other) noexcept {
    if (other.isInline()) {
      std::uninitialized_move(other.begin(), other.end(), data_);
      size_ = other.size_;
      other.clear();
    } else {
      data_ = other.data_;
      size_ = other.size_;
      cap_ = other.cap_;
      other.data_ = other.inlineData();
      other.size_ = 0;
      other.cap_ = N;
    }
  }

  T* data_;
  std::uint32_t size_{0};
  std::uint32_t cap_{N};
  alignas(T) unsigned char storage_[N * sizeof(T)];
};

}  // namespace zenit
