#pragma once

#include "core/model/Profile.h"

#include <nlohmann/json.hpp>

#include <QApplication>
#include <QDir>
#include <QDropEvent>
#include <QMimeData>
#include <QString>
#include <QUrl>
#include <QWidget>

#include <string>

#ifdef CUTLAB_SOURCE_DIR
inline QString uiSourcePath(const QString& relative) {
    return QDir(QStringLiteral(CUTLAB_SOURCE_DIR)).filePath(relative);
}
#endif

// A cutlab-profile with `layers` layers: a chain with a residual block every `every` layers and
// an inception-style block (three branches joined by a concat) every 3·`every` layers.
inline nlohmann::ordered_json generatedProfile(int layers, int every = 10) {
    nlohmann::ordered_json profile;
    profile["format"] = "cutlab-profile";
    profile["version"] = 1;
    profile["model"] = {{"name", "generated-" + std::to_string(layers)}, {"input_bytes", 150528}};
    profile["machines"] = nlohmann::ordered_json::array({{{"id", "phone"}, {"tier", "device"}},
                                                         {{"id", "edge1"}, {"tier", "edge"}},
                                                         {{"id", "gpu"}, {"tier", "cloud"}}});
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    auto add = [&](const std::string& type, std::vector<int> inputs) {
        const int i = static_cast<int>(list.size());
        nlohmann::ordered_json layer;
        layer["id"] = type + "_" + std::to_string(i);
        layer["type"] = type;
        nlohmann::ordered_json names = nlohmann::ordered_json::array();
        for (int input : inputs)
            names.push_back(list[static_cast<std::size_t>(input)]["id"]);
        layer["inputs"] = names;
        layer["output_bytes"] = 1000 + (i * 7919) % 400000;
        layer["flops"] = 1e6 * (1 + i % 13);
        layer["forward_ms"] = {{"phone", 5.0 + (i % 17)},
                               {"edge1", 1.0 + (i % 5) * 0.5},
                               {"gpu", 0.1 + (i % 3) * 0.05}};
        list.push_back(layer);
        return i;
    };
    int last = add("Conv2D", {});
    while (static_cast<int>(list.size()) < layers) {
        const int n = static_cast<int>(list.size());
        if (n % (3 * every) == 0 && n + 4 <= layers) {
            const int a = add("Conv1x1", {last}), b = add("Conv3x3", {last}),
                      c = add("Pool", {last});
            last = add("Concat", {a, b, c});
        } else if (n % every == 0 && n + 3 <= layers) {
            const int a = add("Conv2D", {last}), b = add("Conv2D", {a});
            last = add("Add", {b, last});
        } else {
            last = add(n % 2 ? "ReLU" : "Conv2D", {last});
        }
    }
    return profile["layers"] = list, profile;
}

// A trainable chain of `layers` layers (forward, backward and update times on three machines),
// the shape of the largest profiles the window must still open at once.
inline nlohmann::ordered_json generatedLinearProfile(int layers) {
    nlohmann::ordered_json profile;
    profile["format"] = "cutlab-profile";
    profile["version"] = 1;
    profile["model"] = {
        {"name", "linear-" + std::to_string(layers)}, {"input_bytes", 150528}, {"batch", 128}};
    profile["machines"] = nlohmann::ordered_json::array({{{"id", "phone"}, {"tier", "device"}},
                                                         {{"id", "edge1"}, {"tier", "edge"}},
                                                         {{"id", "gpu"}, {"tier", "cloud"}}});
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (int i = 0; i < layers; ++i) {
        nlohmann::ordered_json layer;
        layer["id"] = "layer_" + std::to_string(i);
        layer["type"] = i % 2 ? "ReLU" : "Conv2D";
        layer["inputs"] = i == 0
                              ? nlohmann::ordered_json::array()
                              : nlohmann::ordered_json::array({"layer_" + std::to_string(i - 1)});
        layer["output_bytes"] = 1000 + (i * 7919) % 400000;
        layer["param_bytes"] = i % 2 ? 0 : 4000 + (i * 31) % 90000;
        layer["flops"] = 1e6 * (1 + i % 13);
        layer["forward_ms"] = {{"phone", 0.5 + (i % 17) * 0.1},
                               {"edge1", 0.1 + (i % 5) * 0.05},
                               {"gpu", 0.01 + (i % 3) * 0.005}};
        layer["backward_ms"] = {{"phone", 1.0 + (i % 17) * 0.2},
                                {"edge1", 0.2 + (i % 5) * 0.1},
                                {"gpu", 0.02 + (i % 3) * 0.01}};
        layer["update_ms"] = {{"phone", 0.05}, {"edge1", 0.02}, {"gpu", 0.01}};
        list.push_back(layer);
    }
    return profile["layers"] = list, profile;
}

// Drags `path` over `target` and drops it there, as the window system delivers it.
inline bool dropFile(QWidget* target, const QString& path) {
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path)});
    const QPoint at = target->rect().center();
    QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &enter);
    QDragMoveEvent move(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    move.setAccepted(enter.isAccepted()); // as the window system sends it after an enter
    QApplication::sendEvent(target, &move);
    if (!enter.isAccepted() || !move.isAccepted())
        return false;
    QDropEvent drop(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(target, &drop);
    return drop.isAccepted();
}
