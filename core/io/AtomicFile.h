#pragma once

#include <optional>
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

// Who may read a written file: as a plain new file (0666 less the umask; a replaced file keeps
// its mode), or only its owner (0600: autosaves, which hold absolute paths).
enum class FileAccess { Shared, OwnerOnly };

// Why `path` cannot receive an output, as a sentence: a directory, a device, a FIFO or a socket
// (or a symbolic link to one); nullopt for a regular file, a link to one, or a name not taken.
std::optional<std::string> notAnOutputFile(const std::string& path);

// The one way CutLab writes a file (every output of the command line and the window). Writes
// `text` to `path` so that readers never see half a file and a failure leaves an existing file
// as it was: a temporary file next to the target, flushed to disk, renamed over it.
//  - only regular files are written: a directory, device node, FIFO or socket, or a symbolic
//    link to one, is refused before anything is written (notAnOutputFile);
//  - a symbolic link to a regular file (or to a name not taken) is followed: its target is
//    replaced, the link stays;
//  - an existing file this process may not write is refused before anything is written;
//  - the new file keeps the mode of the file it replaces, else the mode `access` says;
//  - on any error the temporary file is removed; the temporary files of writes whose process
//    died (".NAME.cutlab-PID-XXXXXX" of a PID no longer running) are removed by the next write
//    to the same name;
//  - the reason names the system's error ("No space left on device").
// `what` names the content in the message of a failed write ("cannot write the profile (…)").
// Throws FileWriteError.
void writeFileAtomically(const std::string& path, std::string_view text,
                         std::string_view what = "the file",
                         FileAccess access = FileAccess::Shared);

} // namespace cutlab::core
