#include "core/io/AtomicFile.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <system_error>

#include <fcntl.h>
#include <signal.h>
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

const char* kindOf(mode_t mode) {
    if (S_ISDIR(mode))
        return "a directory";
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return "a device";
    if (S_ISFIFO(mode))
        return "a FIFO (named pipe)";
    if (S_ISSOCK(mode))
        return "a socket";
    return "not a regular file";
}

std::string temporaryPrefix(const std::filesystem::path& target) {
    return "." + target.filename().string() + ".cutlab-";
}

// Temporary files of earlier writes to the same name whose process is gone.
void removeStaleTemporaries(const std::filesystem::path& folder,
                            const std::filesystem::path& target) {
    const std::string prefix = temporaryPrefix(target);
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind(prefix, 0) != 0)
            continue;
        char* end = nullptr;
        const long pid = std::strtol(name.c_str() + prefix.size(), &end, 10);
        if (pid <= 0 || *end != '-' || pid == static_cast<long>(::getpid()))
            continue;
        if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)
            std::filesystem::remove(entry.path(), error);
    }
}

mode_t modeFor(bool exists, const struct stat& existing, FileAccess access) {
    if (access == FileAccess::OwnerOnly)
        return 0600;
    if (exists)
        return existing.st_mode & 07777;
    const mode_t mask = ::umask(0);
    ::umask(mask);
    return 0666 & ~mask;
}

// Writes, sets the mode and flushes; returns 0 or the error.
int fillTemporary(int fd, std::string_view text, mode_t mode) {
    for (std::size_t written = 0; written < text.size();) {
        const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return n < 0 ? errno : EIO;
        written += static_cast<std::size_t>(n);
    }
    if (::fchmod(fd, mode) != 0 || ::fsync(fd) != 0)
        return errno;
    return 0;
}

} // namespace

std::optional<std::string> notAnOutputFile(const std::string& path) {
    struct stat own {};
    if (::lstat(path.c_str(), &own) != 0)
        return std::nullopt; // not there yet
    const bool link = S_ISLNK(own.st_mode);
    struct stat target {};
    if (::stat(path.c_str(), &target) != 0)
        return std::nullopt; // a link to a name not taken: the write creates it
    if (S_ISREG(target.st_mode))
        return std::nullopt;
    return std::string(link ? "is a symbolic link to " : "is ") + kindOf(target.st_mode) +
           ", not a regular file: CutLab writes only regular files";
}

void writeFileAtomically(const std::string& path, std::string_view text, std::string_view what,
                         FileAccess access) {
    if (const auto problem = notAnOutputFile(path))
        throw FileWriteError(path, *problem);
    const std::filesystem::path target = finalTarget(path);
    struct stat existing {};
    const bool exists = ::stat(target.c_str(), &existing) == 0;
    if (exists && ::access(target.c_str(), W_OK) != 0)
        throw FileWriteError(path, "cannot write there (" + reasonOf(errno) + ")");
    const std::filesystem::path folder =
        target.has_parent_path() ? target.parent_path() : std::filesystem::path(".");
    removeStaleTemporaries(folder, target);
    std::string temporary =
        (folder / (temporaryPrefix(target) + std::to_string(::getpid()) + "-XXXXXX")).string();
    const int fd = ::mkstemp(temporary.data());
    if (fd < 0)
        throw FileWriteError(path, "cannot write there (" + reasonOf(errno) + ")");
    int error = fillTemporary(fd, text, modeFor(exists, existing, access));
    if (::close(fd) != 0 && error == 0)
        error = errno;
    if (error == 0 && std::rename(temporary.c_str(), target.c_str()) != 0)
        error = errno;
    if (error != 0) {
        std::remove(temporary.c_str());
        throw FileWriteError(path,
                             "cannot write " + std::string(what) + " (" + reasonOf(error) + ")");
    }
}

} // namespace cutlab::core
