#pragma once

#include "core/io/AtomicFile.h"

#include <QString>

namespace cutlab::ui {

class Document;

// Writes the document's current plan as `cutlab-plan` JSON with the whole network, re-openable
// with Open Plan (Export Plan, and the autosave with FileAccess::OwnerOnly). Atomic, onto
// regular files only (core::writeFileAtomically): on error the message is set and an existing
// file is left as it was.
class PlanFileWriter {
  public:
    static bool write(const Document& document, const QString& path, QString* error,
                      core::FileAccess access = core::FileAccess::Shared);
};

} // namespace cutlab::ui
