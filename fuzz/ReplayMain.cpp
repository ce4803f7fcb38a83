// Replays inputs through a fuzz target's entry points without libFuzzer, so
// the checked-in corpus (seeds and every crash reproducer) is a regression
// suite in the ordinary test build, with gcc as well as clang.
//
//   zenit_fuzz_replay_<target> FILE_OR_DIR...
//
// Directories are read one level deep, files in name order. Exits 0 when
// every input ran (a broken invariant aborts, as under libFuzzer), 1 when an
// argument cannot be read or names no input at all.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv);
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

namespace fs = std::filesystem;

bool readFile(const fs::path& p, std::vector<std::uint8_t>& out) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

}  // namespace

int main(int argc, char** argv) {
  LLVMFuzzerInitialize(&argc, &argv);
  std::vector<fs::path> inputs;
  for (int i = 1; i < argc; ++i) {
    const fs::path arg(argv[i]);
    std::error_code ec;
    if (fs::is_directory(arg, ec)) {
      std::vector<fs::path> files;
      for (const fs::directory_entry& e : fs::directory_iterator(arg, ec))
        if (e.is_regular_file()) files.push_back(e.path());
      std::sort(files.begin(), files.end());
      inputs.insert(inputs.end(), files.begin(), files.end());
    } else if (fs::is_regular_file(arg, ec)) {
      inputs.push_back(arg);
    } else {
      std::fprintf(stderr, "replay: cannot read %s\n", argv[i]);
      return 1;
    }
  }
  if (inputs.empty()) {
    std::fprintf(stderr, "replay: no inputs\n");
    return 1;
  }
  std::vector<std::uint8_t> bytes;
  for (const fs::path& p : inputs) {
    if (!readFile(p, bytes)) {
      std::fprintf(stderr, "replay: cannot read %s\n", p.string().c_str());
      return 1;
    }
    // Printed before the run, so a crash names the input that caused it.
    std::fprintf(stderr, "replay: %s (%zu bytes)\n", p.filename().string().c_str(), bytes.size());
    // A copy of exactly `size` bytes, so ASan catches any read past the end.
    const std::vector<std::uint8_t> exact(bytes.begin(), bytes.end());
    static const std::uint8_t kNothing = 0;  // libFuzzer never passes null, even for no bytes
    LLVMFuzzerTestOneInput(exact.empty() ? &kNothing : exact.data(), exact.size());
  }
  std::printf("replay: %zu inputs ran\n", inputs.size());
  return 0;
}
