#include "app/cli/CommandGuard.h"

#include "app/cli/CliError.h"

#include <exception>
#include <iostream>
#include <new>

namespace cutlab::cli {

int runGuarded(const std::string& command, const std::function<int()>& run) {
    try {
        return run();
    } catch (const CliError& error) {
        std::cerr << "cutlab-cli " << command << ": " << error.what() << "\n";
    } catch (const NoAnswer& error) {
        std::cerr << "cutlab-cli " << command << ": " << error.what() << "\n";
        return 1;
    } catch (const std::bad_alloc&) {
        std::cerr << "cutlab-cli " << command << ": error: not enough memory for this request\n";
    } catch (const std::exception& error) {
        std::cerr << "cutlab-cli " << command << ": internal error: " << error.what() << "\n";
    }
    return 2;
}

} // namespace cutlab::cli
