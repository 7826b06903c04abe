#pragma once

// The test classes of one folder share one program (tests/CMakeLists.txt): each registers
// itself with CUTLAB_TEST_MAIN(Class, Kind) in place of QTEST_MAIN, QTEST_GUILESS_MAIN or
// QTEST_APPLESS_MAIN, under the name of its file ("tst_pipedream"), and the program runs the
// class its first argument names:  cutlab_tests_core tst_pipedream [QtTest options] [functions].
#include <QObject>

#include <functional>
#include <memory>

namespace cutlab::tests {

// The application object a test class needs, as QtTest's three main macros make it.
enum class TestApplication { Gui, Guiless, Appless };

struct TestClass {
    const char* file; // __FILE__ of the class's source
    TestApplication application;
    std::function<std::unique_ptr<QObject>()> make;
};

// Registers a test class (at static initialisation); returns true.
bool registerTestClass(TestClass entry);

} // namespace cutlab::tests

#define CUTLAB_TEST_MAIN(Class, Application)                                                       \
    static const bool registered##Class =                                                          \
        cutlab::tests::registerTestClass({__FILE__, cutlab::tests::TestApplication::Application,   \
                                          [] { return std::unique_ptr<QObject>(new Class); }});
