// The main function of a folder's test program (tests/TestMain.h): runs the test class named by
// the first argument with the application object its file asked for, as QtTest's main macros
// do (QTEST_MAIN: QApplication with 96 DPI fonts; QTEST_GUILESS_MAIN: QCoreApplication;
// QTEST_APPLESS_MAIN: none).
#include "TestMain.h"

#include <QApplication>
#include <QTest>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace cutlab::tests {
namespace {

std::vector<TestClass>& testClasses() {
    static std::vector<TestClass> classes;
    return classes;
}

std::string nameOf(const char* file) {
    std::string name = file;
    name = name.substr(name.find_last_of("/\\") + 1);
    return name.substr(0, name.rfind('.'));
}

int run(const TestClass& entry, int argc, char** argv) {
    switch (entry.application) {
    case TestApplication::Gui: {
        QApplication app(argc, argv);
        app.setAttribute(Qt::AA_Use96Dpi, true);
        const auto test = entry.make();
        return QTest::qExec(test.get(), argc, argv);
    }
    case TestApplication::Guiless: {
        QCoreApplication app(argc, argv);
        const auto test = entry.make();
        return QTest::qExec(test.get(), argc, argv);
    }
    case TestApplication::Appless:
        break;
    }
    const auto test = entry.make();
    return QTest::qExec(test.get(), argc, argv);
}

} // namespace

bool registerTestClass(TestClass entry) {
    testClasses().push_back(std::move(entry));
    return true;
}

} // namespace cutlab::tests

int main(int argc, char** argv) {
    using namespace cutlab::tests;
    const char* wanted = argc > 1 ? argv[1] : "";
    for (const TestClass& entry : testClasses())
        if (nameOf(entry.file) == wanted) {
            argv[1] = argv[0]; // QtTest reads the program's name first, then its own options
            return run(entry, argc - 1, argv + 1);
        }
    std::fprintf(stderr, "usage: %s TEST [QtTest options] [functions]; TEST is one of:\n", argv[0]);
    for (const TestClass& entry : testClasses())
        std::fprintf(stderr, "  %s\n", nameOf(entry.file).c_str());
    return 2;
}
