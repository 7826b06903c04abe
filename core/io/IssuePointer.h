#pragma once

#include "core/io/JsonText.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace cutlab::core {

// Where a problem would be, as a JSON pointer made only when a problem is reported: reading a
// large valid file then builds no pointer strings. A base pointer, optionally with one more
// token (a field name) or index. It refers to its parts: pass it, never keep it.
class IssuePointer {
  public:
    // implicit on purpose: every pointer written whole still reads as one
    IssuePointer(const std::string& whole) : m_base(whole) {}
    IssuePointer(const char* whole) : m_base(whole) {}
    IssuePointer(std::string_view base, std::string_view token)
        : m_base(base), m_token(token), m_kind(Kind::Token) {}
    IssuePointer(std::string_view base, std::size_t index)
        : m_base(base), m_index(index), m_kind(Kind::Index) {}

    std::string text() const {
        switch (m_kind) {
        case Kind::Token:
            return jsonPointerAppend(std::string(m_base), m_token);
        case Kind::Index:
            return jsonPointerAppend(std::string(m_base), m_index);
        case Kind::Whole:
            break;
        }
        return std::string(m_base);
    }

  private:
    enum class Kind { Whole, Token, Index };
    std::string_view m_base;
    std::string_view m_token;
    std::size_t m_index = 0;
    Kind m_kind = Kind::Whole;
};

} // namespace cutlab::core
