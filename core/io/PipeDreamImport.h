#pragma once

#include "core/io/PipeDreamImporter.h"

#include <stdexcept>
#include <string>

namespace cutlab::core {

// Why a PipeDream graph file was not imported. what() is "PATH: error: DETAIL", the form of
// every CutLab message about a file; path() is the file concerned (the source, or the
// destination for Write), detail() the sentence without the path.
class PipeDreamFileError : public std::runtime_error {
  public:
    enum class Kind {
        Read, // the source cannot be read (missing, not a regular file, not UTF-8, too big)
        UnknownFormat, // the source is not a PipeDream graph.txt
        Malformed,     // a PipeDream graph with a problem ("line 2: node node2 has no …")
        Invalid,       // converted, but the profile does not validate
        Write,         // the destination cannot be written
    };
    PipeDreamFileError(Kind kind, const std::string& path, const std::string& detail)
        : std::runtime_error(path + ": error: " + detail), m_kind(kind), m_path(path),
          m_detail(detail) {}
    Kind kind() const { return m_kind; }
    const std::string& path() const { return m_path; }
    const std::string& detail() const { return m_detail; }

  private:
    Kind m_kind;
    std::string m_path;
    std::string m_detail;
};

// model.name when none is given: the file name without its extension; for PipeDream's
// profiles/<model>/graph.txt the folder's name; "imported" when that is empty. Valid UTF-8.
std::string pipeDreamModelName(const std::string& sourcePath);

// A converted profile, not yet written: its model name and its JSON text.
struct ConvertedProfile {
    std::string modelName;
    std::string text;
};

// What importPipeDreamFile writes, without writing it (Kind::Write never comes).
ConvertedProfile convertPipeDreamFile(const std::string& source, PipeDreamImportOptions options);

// The one rule of `cutlab-cli import` and File ▸ Import PipeDream Profile: reads `source` (the
// checks of every CutLab read: a regular UTF-8 file of bounded size), refuses what is not a
// PipeDream graph, converts it with `options` (options.modelName is replaced by
// pipeDreamModelName(source) when empty), checks that the result loads as a profile, and only
// then writes it (2-space JSON) to `destination` with writeFileAtomically: on any error nothing is
// written and an existing destination is left as it was. Returns the model name used.
// Throws PipeDreamFileError.
std::string importPipeDreamFile(const std::string& source, const std::string& destination,
                                PipeDreamImportOptions options);

} // namespace cutlab::core
