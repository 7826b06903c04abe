#include "core/io/AtomicFile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cutlab::core {
namespace {

std::string reasonOf(int error) {
    return std::strerror(error);
}

// The file a write to `path` must replace: links followed, even to a file not there yet.
std::filesystem::path finalTarget(const std::filesystem::path& path) {
    std::filesystem::path target = path;
    std::error_code error;
    for (int hops = 0; hops < 40 && std::filesystem::is_symlink(target, error); ++hops) {
        const std::filesystem::path link = std::filesystem::read_symlink(target, error);
        if (error)
            break;
        target = link.is_absolute() ? link : target.parent_path() / link;
    }
    return target;
}

} // namespace

void writeFileAtomically(const std::string& path, std::string_view text, std::string_view what) {
    const std::filesystem::path target = finalTarget(path);
    struct stat existing {};
    const bool exists = ::stat(target.c_str(), &existing) == 0;
    if (exists && S_ISDIR(existing.st_mode))
        throw FileWriteError(path, "is a directory, not a file");
    if (exists && ::access(target.c_str(), W_OK) != 0)
        throw FileWriteError(path, "cannot write there (" + reasonOf(errno) + ")");
    const std::filesystem::path folder =
        target.has_parent_path() ? target.parent_path() : std::filesystem::path(".");
    std::string temporary = (folder / ("." + target.filename().string() + ".XXXXXX")).string();
    const int fd = ::mkstemp(temporary.data());
    if (fd < 0)
        throw FileWriteError(path, "cannot write there (" + reasonOf(errno) + ")");
    bool ok = true;
    int error = 0;
    for (std::size_t written = 0; ok && written < text.size();) {
        const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0 && errno == EINTR)
            continue;
        ok = n > 0;
        if (ok)
            written += static_cast<std::size_t>(n);
        else
            error = n < 0 ? errno : EIO;
    }
    // mkstemp makes the file private: give it the mode of the file it replaces, or the one a
    // plain new file would have.
    mode_t mode = existing.st_mode & 07777;
    if (!exists) {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        mode = 0666 & ~mask;
    }
    if (ok && (::fchmod(fd, mode) != 0 || ::fsync(fd) != 0)) {
        ok = false;
        error = errno;
    }
    if (::close(fd) != 0 && ok) {
        ok = false;
        error = errno;
    }
    if (ok && std::rename(temporary.c_str(), target.c_str()) != 0) {
        ok = false;
        error = errno;
    }
    if (!ok) {
        std::remove(temporary.c_str());
        throw FileWriteError(path,
                             "cannot write " + std::string(what) + " (" + reasonOf(error) + ")");
    }
}

} // namespace cutlab::core
