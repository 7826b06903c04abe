// The program that owns the test programs' precompiled header (tests/CMakeLists.txt): it is
// built first, and every test program reuses the header it compiled. It is not a test.
int main() {
    return 0;
}
