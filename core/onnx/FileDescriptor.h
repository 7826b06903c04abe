#pragma once

#include <string>

#include <fcntl.h>
#include <unistd.h>

namespace cutlab::core {

// An open file descriptor, closed when it goes (or on reset()); -1 when opening failed.
class FileDescriptor {
  public:
    explicit FileDescriptor(int fd = -1) : m_fd(fd) {}
    // Opens `path` for reading, not inherited by programs this process starts.
    static FileDescriptor openForReading(const std::string& path) {
        return FileDescriptor(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    }
    ~FileDescriptor() { reset(); }
    FileDescriptor(FileDescriptor&& other) noexcept : m_fd(other.m_fd) { other.m_fd = -1; }
    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;
    FileDescriptor& operator=(FileDescriptor&&) = delete;

    int get() const { return m_fd; }
    void reset() {
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = -1;
    }

  private:
    int m_fd;
};

} // namespace cutlab::core
