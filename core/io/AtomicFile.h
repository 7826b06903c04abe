#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace cutlab::core {

// A file that could not be written: what() is a sentence without the path ("cannot write there
// (Permission denied)", "cannot write the profile (No space left on device)"), path() the file
// asked for.
class FileWriteError : public std::runtime_error {
  public:
    FileWriteError(std::string path, const std::string& reason)
        : std::runtime_error(reason), m_path(std::move(path)) {}
    const std::string& path() const { return m_path; }

  private:
    std::string m_path;
};

// Writes `text` to `path` so that readers never see half a file and a failure leaves an existing
// file as it was: a temporary file next to the target, flushed to disk, renamed over it.
//  - a symbolic link is followed: its target is replaced, the link stays;
//  - a directory, or an existing file this process may not write, is refused before anything is
//    written;
//  - the new file keeps the mode of the file it replaces, else the mode a plain new file gets
//    (0666 less the umask);
//  - on any error the temporary file is removed.
// `what` names the content in the message of a failed write ("cannot write the profile (…)").
// Throws FileWriteError.
void writeFileAtomically(const std::string& path, std::string_view text,
                         std::string_view what = "the file");

} // namespace cutlab::core
