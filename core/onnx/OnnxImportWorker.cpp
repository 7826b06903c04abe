#include "core/onnx/OnnxImportWorker.h"

#include "core/io/Utf8.h"

#include <seccomp.h>

#include <cerrno>
#include <cstdio>
#include <new>
#include <string>

#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

// Under AddressSanitizer the shadow memory needs terabytes of address space and the leak check
// at exit starts a tracer: neither the memory limit nor the system-call filter can apply.
#if defined(__SANITIZE_ADDRESS__)
#define CUTLAB_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CUTLAB_SANITIZED 1
#endif
#endif

namespace cutlab::core {
namespace {

void writeAll(const std::string& text) {
    for (std::size_t done = 0; done < text.size();) {
        const ssize_t n = ::write(STDOUT_FILENO, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return; // the parent is gone
        done += static_cast<std::size_t>(n);
    }
}

void send(const std::string& kind, const std::string& text) {
    std::string line = toValidUtf8(text);
    for (char& c : line)
        if (c == '\n' || c == '\r')
            c = ' ';
    writeAll(kind + " " + line + "\n");
}

void setLimit(int resource, rlim_t soft, rlim_t hard) {
    const rlimit limit{soft, hard};
    ::setrlimit(resource, &limit);
}

#ifndef CUTLAB_SANITIZED
// Only what parsing and inferring in memory needs: no open, no exec, no socket, no signal to
// another process. Anything else fails with EPERM.
void installSystemCallFilter() {
    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_ERRNO(EPERM));
    if (!filter)
        return;
    for (const int call : {SCMP_SYS(read),           SCMP_SYS(write),
                           SCMP_SYS(writev),         SCMP_SYS(close),
                           SCMP_SYS(fstat),          SCMP_SYS(newfstatat),
                           SCMP_SYS(lseek),          SCMP_SYS(pread64),
                           SCMP_SYS(mmap),           SCMP_SYS(munmap),
                           SCMP_SYS(mremap),         SCMP_SYS(brk),
                           SCMP_SYS(madvise),        SCMP_SYS(mprotect),
                           SCMP_SYS(futex),          SCMP_SYS(exit),
                           SCMP_SYS(exit_group),     SCMP_SYS(rt_sigreturn),
                           SCMP_SYS(rt_sigprocmask), SCMP_SYS(rt_sigaction),
                           SCMP_SYS(sigaltstack),    SCMP_SYS(getpid),
                           SCMP_SYS(gettid),         SCMP_SYS(clock_gettime),
                           SCMP_SYS(gettimeofday),   SCMP_SYS(getrandom),
                           SCMP_SYS(sched_yield),    SCMP_SYS(restart_syscall),
                           SCMP_SYS(nanosleep),      SCMP_SYS(clock_nanosleep)})
        seccomp_rule_add(filter, SCMP_ACT_ALLOW, call, 0);
    // abort() signals its own process
    seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(tgkill), 1,
                     SCMP_A0(SCMP_CMP_EQ, static_cast<scmp_datum_t>(::getpid())));
    seccomp_load(filter);
    seccomp_release(filter);
}
#endif

void restrictProcess(const OnnxSandboxLimits& limits) {
    ::close_range(3, ~0U, 0); // nothing inherited besides the model, the pipe and stderr
    setLimit(RLIMIT_CPU, static_cast<rlim_t>(limits.cpuSeconds),
             static_cast<rlim_t>(limits.cpuSeconds) + 5);
    setLimit(RLIMIT_CORE, 0, 0);
    setLimit(RLIMIT_FSIZE, 0, 0);
    ::prctl(PR_SET_DUMPABLE, 0);
    ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
#ifndef CUTLAB_SANITIZED
    setLimit(RLIMIT_AS, limits.memoryBytes, limits.memoryBytes);
    installSystemCallFilter();
#endif
}

std::string gibibytes(std::uint64_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f GiB", static_cast<double>(bytes) / (1u << 30));
    return text;
}

} // namespace

int runOnnxImportWorker(const OnnxImportOptions& options, const OnnxSandboxLimits& limits) {
    restrictProcess(limits);
    try {
        const auto graph =
            importOnnxGraphFromDescriptor(STDIN_FILENO, options, [](double fraction) {
                char line[40];
                std::snprintf(line, sizeof line, "progress %.4f\n", fraction);
                writeAll(line);
                return true;
            });
        const std::string text =
            graph.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
        writeAll("graph " + std::to_string(text.size()) + "\n");
        writeAll(text);
    } catch (const OnnxImportError& error) {
        send("error", error.what());
    } catch (const std::bad_alloc&) {
        send("error", "importing this model needs more than " + gibibytes(limits.memoryBytes) +
                          " of memory: the file is malformed or too large");
    } catch (const std::exception& error) {
        send("error", std::string("the ONNX library failed on this model: ") + error.what());
    }
    return 0;
}

} // namespace cutlab::core
