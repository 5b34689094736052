// GzipChunkReader reading its compressed bytes from a file (as a large PyTorch trace is read)
// gives what it gives from the same bytes in memory: the text, and the same error, for
// concatenated members, members and padding that straddle the file's 1 MB reads, and streams
// that are cut short or carry junk after their padding.
#include "core/measured/gzip.h"
#include "tests/common/scratchdir.h"

#include "tests/common/gzipped.h"

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>
#include <string>

using namespace roofscope;

namespace {

std::string noise(std::size_t bytes, unsigned seed)
{
    std::mt19937 random(seed);
    std::string text(bytes, '\0');
    for (char& c : text)
        c = static_cast<char>('a' + random() % 26);
    return text;
}

struct Read {
    std::string text;
    std::string error; // "" when none
};

Read readAll(GzipChunkReader& reader)
{
    Read r;
    for (std::string_view chunk = reader.next(); !chunk.empty(); chunk = reader.next())
        r.text.append(chunk);
    r.error = reader.error().value_or("");
    return r;
}

// What the reader gives from memory and from a file of the same bytes.
void expectSameFromFile(const std::string& compressed, const std::string& what)
{
    GzipChunkReader inMemory(compressed, std::size_t{1} << 30);
    const Read expected = readAll(inMemory);
    const test::ScratchDir dir("gzip");
    std::ifstream file(dir.write("t.gz", compressed), std::ios::binary);
    GzipChunkReader fromFile(file, std::size_t{1} << 30);
    const Read got = readAll(fromFile);
    EXPECT_EQ(got.error, expected.error) << what;
    EXPECT_EQ(got.text.size(), expected.text.size()) << what;
    EXPECT_TRUE(got.text == expected.text) << what;
}

} // namespace

TEST(GzipFromFile, GivesWhatItGivesFromMemory)
{
    const std::string small = test::gzipped("{\"traceEvents\": []}");
    const std::string big = test::gzipped(noise(3'000'000, 1), 0); // three 1 MB reads and a part
    expectSameFromFile(small, "one small member");
    expectSameFromFile(big, "one stored member of 3 MB");
    expectSameFromFile(big + small + big, "concatenated members, one ending mid-read");
    // A member that ends exactly where a 1 MB read ends, and one after it.
    const std::size_t read = std::size_t{1} << 20;
    std::size_t textBytes = read;
    std::string exact = test::gzipped(noise(textBytes, 2), 0);
    for (int i = 0; i < 8 && exact.size() != read; ++i) {
        textBytes = textBytes + read - exact.size();
        exact = test::gzipped(noise(textBytes, 2), 0);
    }
    ASSERT_EQ(exact.size(), read);
    expectSameFromFile(exact + small, "a member ending at a read's end");
    expectSameFromFile(exact, "a stream ending at a read's end");
}

TEST(GzipFromFile, PaddingAndJunkAsFromMemory)
{
    const std::string small = test::gzipped("{\"traceEvents\": []}");
    const std::string zeros(3'000'000, '\0'); // padding across several reads
    expectSameFromFile(small + std::string(10, '\0'), "a little zero padding");
    expectSameFromFile(small + zeros, "zero padding past several reads");
    expectSameFromFile(small + zeros + "junk", "junk after the padding");
    expectSameFromFile(small + zeros + small, "a member after the padding");
    expectSameFromFile(small + "junk", "junk after a member");
}

TEST(GzipFromFile, CutShortAsFromMemory)
{
    const std::string big = test::gzipped(noise(3'000'000, 4), 0);
    expectSameFromFile(big.substr(0, big.size() / 2), "cut in the middle");
    expectSameFromFile(big.substr(0, big.size() - 4), "cut in the trailer");
    expectSameFromFile(big.substr(0, 5), "cut in the header");
    expectSameFromFile("", "empty");
    expectSameFromFile(std::string("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\xab\x56\x2a\x29", 14),
                       "a stream cut short");
}

// The prefix a format is recognised by is the same from a file.
TEST(GzipFromFile, PrefixAsFromMemory)
{
    const std::string text = noise(3'000'000, 5);
    const std::string compressed = test::gzipped(text);
    std::istringstream stream(compressed);
    EXPECT_EQ(gunzipPrefix(stream, 1u << 20), gunzipPrefix(compressed, 1u << 20));
    EXPECT_EQ(gunzipPrefix(compressed, 1u << 20), text.substr(0, 1u << 20));
}
