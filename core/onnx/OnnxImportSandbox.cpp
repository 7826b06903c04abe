#include "core/onnx/OnnxImportSandbox.h"

#include "core/io/InputLimits.h"
#include "core/onnx/FileDescriptor.h"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace cutlab::core {
namespace {

using Clock = std::chrono::steady_clock;

std::vector<std::string> workerArguments(const std::string& worker,
                                         const OnnxImportOptions& options,
                                         const OnnxSandboxLimits& limits) {
    std::vector<std::string> arguments{worker,
                                       "import",
                                       "--worker",
                                       "--file-name",
                                       options.fileName,
                                       "--memory-limit",
                                       std::to_string(limits.memoryBytes),
                                       "--cpu-limit",
                                       std::to_string(limits.cpuSeconds)};
    if (!options.modelName.empty())
        arguments.insert(arguments.end(), {"--name", options.modelName});
    for (const auto& [name, value] : options.dimensions)
        arguments.insert(arguments.end(), {"--dim", name + "=" + std::to_string(value)});
    return arguments;
}

// Starts the worker with the model as its standard input, `out` as its standard output and
// nothing as its standard error (the library's own complaints are not the user's message).
pid_t spawnWorker(const std::vector<std::string>& arguments, int model, int out) {
    const FileDescriptor devNull(::open("/dev/null", O_WRONLY | O_CLOEXEC));
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, model, STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, out, STDOUT_FILENO);
    if (devNull.get() >= 0)
        posix_spawn_file_actions_adddup2(&actions, devNull.get(), STDERR_FILENO);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t signals;
    sigemptyset(&signals);
    posix_spawnattr_setsigmask(&attributes, &signals);
    sigfillset(&signals);
    posix_spawnattr_setsigdefault(&attributes, &signals);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    std::vector<char*> argv;
    for (const auto& argument : arguments)
        argv.push_back(const_cast<char*>(argument.c_str()));
    argv.push_back(nullptr);
    pid_t pid = -1;
    const int error = posix_spawn(&pid, argv.front(), &actions, &attributes, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (error != 0)
        throw OnnxImportError("the import helper " + arguments.front() + " cannot be started (" +
                              std::strerror(error) +
                              "): reinstall CutLab, or name the helper in CUTLAB_IMPORT_WORKER");
    return pid;
}

// What the worker said: progress lines, then an error or the graph.
class WorkerReply {
  public:
    // Takes bytes as they come; returns the newest progress fraction, or -1 for none.
    double take(const char* data, std::size_t size) {
        m_bytes.append(data, size);
        double progress = -1;
        while (m_graphBytes == npos) {
            const auto end = m_bytes.find('\n', m_parsed);
            if (end == npos)
                break;
            const std::string line = m_bytes.substr(m_parsed, end - m_parsed);
            m_parsed = end + 1;
            if (line.rfind("progress ", 0) == 0)
                progress = std::strtod(line.c_str() + 9, nullptr);
            else if (line.rfind("error ", 0) == 0)
                m_error = line.substr(6);
            else if (line.rfind("graph ", 0) == 0)
                m_graphBytes = std::strtoull(line.c_str() + 6, nullptr, 10);
        }
        return progress;
    }
    std::size_t size() const { return m_bytes.size(); }
    const std::string& error() const { return m_error; }
    // The graph's JSON text when it came whole.
    std::optional<std::string> graph() const {
        if (m_graphBytes == npos || m_bytes.size() - m_parsed != m_graphBytes)
            return std::nullopt;
        return m_bytes.substr(m_parsed);
    }

  private:
    static constexpr std::size_t npos = std::string::npos;
    std::string m_bytes;
    std::size_t m_parsed = 0;
    std::size_t m_graphBytes = npos;
    std::string m_error;
};

std::string signalText(int signal) {
    const char* name = ::strsignal(signal);
    return "signal " + std::to_string(signal) + (name ? std::string(", ") + name : std::string());
}

int stopWorker(pid_t pid) {
    ::kill(pid, SIGKILL);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return status;
}

// The one sentence a finished worker's status and reply come to.
nlohmann::ordered_json outcome(int status, const WorkerReply& reply,
                               const OnnxSandboxLimits& limits) {
    if (WIFSIGNALED(status)) {
        const int signal = WTERMSIG(status);
        if (signal == SIGXCPU || signal == SIGKILL)
            throw OnnxImportError("importing this model took more than " +
                                  std::to_string(limits.cpuSeconds) +
                                  " s of processor time and was stopped: the file is malformed "
                                  "or too large");
        throw OnnxImportError("the ONNX library crashed on this model (" + signalText(signal) +
                              "): the file is malformed or unsupported");
    }
    if (!reply.error().empty())
        throw OnnxImportError(reply.error());
    const auto text = reply.graph();
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || !text)
        throw OnnxImportError("the import helper ended without an answer (exit status " +
                              std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) +
                              "): the file is malformed or unsupported");
    auto graph = nlohmann::ordered_json::parse(*text, nullptr, false);
    if (graph.is_discarded() || !graph.is_object())
        throw OnnxImportError("the import helper sent an unreadable answer");
    return graph;
}

// Reads the worker's reply until it ends, relaying progress; stops the worker when progress
// says cancel, when it talks too much or when it runs past the wall-clock allowance.
int readReply(pid_t pid, int from, WorkerReply& reply, const OnnxSandboxLimits& limits,
              const ImportProgress& progress) {
    const auto deadline = Clock::now() + std::chrono::seconds(2 * limits.cpuSeconds + 10);
    char buffer[1 << 16];
    double fraction = 0;
    for (;;) {
        if (progress && !progress(fraction)) {
            stopWorker(pid);
            throw ImportCancelled();
        }
        if (Clock::now() > deadline)
            return stopWorker(pid);
        pollfd watch{from, POLLIN, 0};
        if (::poll(&watch, 1, 100) <= 0)
            continue;
        const ssize_t n = ::read(from, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        const double said = reply.take(buffer, static_cast<std::size_t>(n));
        if (said >= 0)
            fraction = said;
        if (reply.size() > 2 * kMaxFileBytes) {
            stopWorker(pid);
            throw OnnxImportError("the layer graph of this model is larger than CutLab imports");
        }
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return status;
}

} // namespace

OnnxSandboxLimits onnxSandboxLimitsFor(std::uint64_t fileBytes) {
    OnnxSandboxLimits limits;
    limits.memoryBytes = (std::uint64_t{2} << 30) + 2 * fileBytes;
    return limits;
}

std::string onnxImportWorkerPath() {
    if (const char* set = std::getenv("CUTLAB_IMPORT_WORKER"); set && *set)
        return set;
    std::error_code error;
    const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
    return (error ? std::filesystem::path("cutlab-cli") : self.parent_path() / "cutlab-cli")
        .string();
}

nlohmann::ordered_json importOnnxGraphInSandbox(const std::string& path,
                                                const OnnxImportOptions& options,
                                                const ImportProgress& progress) {
    const FileDescriptor model = FileDescriptor::openForReading(path);
    struct stat file {};
    if (model.get() < 0 || ::fstat(model.get(), &file) != 0)
        throw OnnxImportError(std::string("cannot be read (") + std::strerror(errno) + ")");
    OnnxImportOptions named = options;
    if (named.fileName.empty())
        named.fileName = std::filesystem::path(path).filename().string();
    const OnnxSandboxLimits limits = onnxSandboxLimitsFor(static_cast<std::uint64_t>(file.st_size));
    int ends[2];
    if (::pipe2(ends, O_CLOEXEC) != 0)
        throw OnnxImportError(std::string("cannot start the import (") + std::strerror(errno) +
                              ")");
    FileDescriptor from(ends[0]), to(ends[1]);
    const pid_t pid =
        spawnWorker(workerArguments(onnxImportWorkerPath(), named, limits), model.get(), to.get());
    to.reset();
    WorkerReply reply;
    const int status = readReply(pid, from.get(), reply, limits, progress);
    return outcome(status, reply, limits);
}

} // namespace cutlab::core
