#include "core/measured/measurementset.h"

#include "core/measured/runcomparison.h"
#include "core/measured/sameprogram.h"
#include "core/measured/tracerecord.h"

namespace roofscope {

using OJson = nlohmann::ordered_json;

bool MeasurementSet::operator==(const MeasurementSet& other) const
{
    const bool sameTrace = trace == other.trace || (trace && other.trace && *trace == *other.trace);
    return label == other.label && file == other.file && kernels == other.kernels && sameTrace;
}

std::size_t Measurements::kernelCount() const
{
    std::size_t n = 0;
    for (const MeasurementSet& s : sets)
        n += s.kernels.size();
    return n;
}

const MeasuredKernel* Measurements::kernel(int set, int kernel) const
{
    if (set < 0 || set >= static_cast<int>(sets.size()))
        return nullptr;
    const auto& kernels = sets[static_cast<std::size_t>(set)].kernels;
    if (kernel < 0 || kernel >= static_cast<int>(kernels.size()))
        return nullptr;
    return &kernels[static_cast<std::size_t>(kernel)];
}

OJson measurementsToJson(const Measurements& m)
{
    OJson out;
    OJson sets = OJson::array();
    for (const MeasurementSet& s : m.sets) {
        OJson set;
        set["label"] = s.label;
        set["file"] = s.file;
        OJson kernels = OJson::array();
        for (const MeasuredKernel& k : s.kernels)
            kernels.push_back(measuredKernelToJson(k));
        set["kernels"] = std::move(kernels);
        if (s.trace)
            set["trace"] = traceRecordToJson(*s.trace);
        sets.push_back(std::move(set));
    }
    out["sets"] = std::move(sets);
    OJson links = OJson::array();
    for (const KernelLink& l : m.links)
        links.push_back({{"set", l.set}, {"kernel", l.kernel}, {"op", l.op}});
    out["links"] = std::move(links);
    // Left out when there are none: documents without hand pairing read as they always did.
    if (!m.pairings.empty()) {
        OJson pairings = OJson::array();
        for (const KernelPairing& p : m.pairings) {
            OJson entry{{"before", p.before}, {"after", p.after}};
            if (p.unpair)
                entry["unpair"] = true;
            pairings.push_back(std::move(entry));
        }
        out["pairings"] = std::move(pairings);
    }
    out["hierarchical"] = m.hierarchical;
    out["label_top"] = m.labelTop;
    return out;
}

namespace {

class SectionReader {
public:
    explicit SectionReader(std::string_view fileName) : m_fileName(fileName) {}

    Error fail(const std::string& pointer, const std::string& problem) const
    {
        return makeError(m_fileName + ": " + pointer + ": " + problem);
    }
    std::string where(const std::string& pointer) const { return m_fileName + ": " + pointer; }

    std::optional<Error> checkKeys(const OJson& object, const std::string& pointer,
                                   std::initializer_list<std::string_view> known) const
    {
        for (const auto& item : object.items()) {
            bool ok = false;
            for (std::string_view k : known)
                ok = ok || k == item.key();
            if (!ok)
                return fail(pointer + "/" + item.key(), "unknown key");
        }
        return std::nullopt;
    }

    // A whole number in [lo, hi].
    Expected<int> index(const OJson& object, const std::string& pointer, const char* key,
                        long long lo, long long hi) const
    {
        const std::string ptr = pointer + "/" + key;
        const auto it = object.find(key);
        if (it == object.end())
            return fail(ptr, "missing");
        if (!it->is_number_integer())
            return fail(ptr, std::string("expected a whole number, got ") + it->type_name());
        const long long v = it->get<long long>();
        if (v < lo || v > hi)
            return fail(ptr, "index " + std::to_string(v) + " is out of range (" +
                                 std::to_string(lo) + ".." + std::to_string(hi) + ")");
        return static_cast<int>(v);
    }

    Expected<std::string> string(const OJson& object, const std::string& pointer,
                                 const char* key) const
    {
        const auto it = object.find(key);
        if (it == object.end() || it->is_null())
            return std::string();
        if (!it->is_string())
            return fail(pointer + "/" + key,
                        std::string("expected a string, got ") + it->type_name());
        return it->get<std::string>();
    }

private:
    std::string m_fileName;
};

} // namespace

Expected<Measurements> measurementsFromJson(const OJson& json, std::string_view fileName,
                                            std::size_t operatorCount)
{
    const SectionReader r(fileName);
    Measurements m;
    if (json.is_null())
        return m;
    if (!json.is_object())
        return r.fail("/measurements",
                      std::string("expected an object with \"sets\", got ") + json.type_name());
    if (auto e = r.checkKeys(json, "/measurements",
                             {"sets", "links", "pairings", "hierarchical", "label_top"}))
        return *e;
    std::size_t total = 0;
    if (const auto it = json.find("sets"); it != json.end()) {
        if (!it->is_array())
            return r.fail("/measurements/sets",
                          std::string("expected an array, got ") + it->type_name());
        for (std::size_t i = 0; i < it->size(); ++i) {
            const std::string ptr = "/measurements/sets/" + std::to_string(i);
            const OJson& s = (*it)[i];
            if (!s.is_object())
                return r.fail(ptr, std::string("expected an object with \"kernels\", got ") +
                                       s.type_name());
            if (auto e = r.checkKeys(s, ptr, {"label", "file", "kernels", "trace"}))
                return *e;
            MeasurementSet set;
            auto label = r.string(s, ptr, "label");
            if (!label)
                return label.error();
            set.label = std::move(*label);
            auto file = r.string(s, ptr, "file");
            if (!file)
                return file.error();
            set.file = std::move(*file);
            const auto kernels = s.find("kernels");
            if (kernels == s.end())
                return r.fail(ptr + "/kernels", "missing");
            if (!kernels->is_array())
                return r.fail(ptr + "/kernels",
                              std::string("expected an array, got ") + kernels->type_name());
            total += kernels->size();
            if (total > kMaxScenarioKernels)
                return r.fail(ptr + "/kernels", "more than " + std::to_string(kMaxScenarioKernels) +
                                                    " kernels in one scenario");
            set.kernels.reserve(kernels->size());
            for (std::size_t k = 0; k < kernels->size(); ++k) {
                auto kernel = measuredKernelFromJson(
                    (*kernels)[k], r.where(ptr + "/kernels/" + std::to_string(k)));
                if (!kernel)
                    return kernel.error();
                set.kernels.push_back(std::move(*kernel));
            }
            if (const auto trace = s.find("trace"); trace != s.end()) {
                auto record =
                    traceRecordFromJson(*trace, r.where(ptr + "/trace"), set.kernels.size());
                if (!record)
                    return record.error();
                set.trace = std::make_shared<const TraceRecord>(std::move(*record));
            }
            m.sets.push_back(std::move(set));
        }
    }
    if (const auto it = json.find("links"); it != json.end()) {
        if (!it->is_array())
            return r.fail("/measurements/links",
                          std::string("expected an array, got ") + it->type_name());
        for (std::size_t i = 0; i < it->size(); ++i) {
            const std::string ptr = "/measurements/links/" + std::to_string(i);
            const OJson& l = (*it)[i];
            if (!l.is_object())
                return r.fail(ptr, std::string("expected an object with \"set\", \"kernel\" and "
                                               "\"op\", got ") +
                                       l.type_name());
            if (auto e = r.checkKeys(l, ptr, {"set", "kernel", "op"}))
                return *e;
            if (m.sets.empty())
                return r.fail(ptr, "a link, but /measurements/sets is empty");
            KernelLink link;
            auto set = r.index(l, ptr, "set", 0, static_cast<long long>(m.sets.size()) - 1);
            if (!set)
                return set.error();
            link.set = *set;
            const auto& kernels = m.sets[static_cast<std::size_t>(link.set)].kernels;
            if (kernels.empty())
                return r.fail(ptr + "/kernel",
                              "set " + std::to_string(link.set) + " has no kernels");
            auto kernel = r.index(l, ptr, "kernel", 0, static_cast<long long>(kernels.size()) - 1);
            if (!kernel)
                return kernel.error();
            link.kernel = *kernel;
            if (operatorCount == 0)
                return r.fail(ptr + "/op", "a link, but the scenario has no operators");
            auto op = r.index(l, ptr, "op", 0, static_cast<long long>(operatorCount) - 1);
            if (!op)
                return op.error();
            link.op = *op;
            m.links.push_back(link);
        }
    }
    if (const auto it = json.find("pairings"); it != json.end()) {
        if (!it->is_array())
            return r.fail("/measurements/pairings",
                          std::string("expected an array, got ") + it->type_name());
        for (std::size_t i = 0; i < it->size(); ++i) {
            const std::string ptr = "/measurements/pairings/" + std::to_string(i);
            const OJson& p = (*it)[i];
            if (!p.is_object())
                return r.fail(ptr, std::string("expected an object with \"before\" and "
                                               "\"after\", got ") +
                                       p.type_name());
            if (auto e = r.checkKeys(p, ptr, {"before", "after", "unpair"}))
                return *e;
            KernelPairing pairing;
            for (const char* key : {"before", "after"}) {
                auto name = r.string(p, ptr, key);
                if (!name)
                    return name.error();
                if (name->empty())
                    return r.fail(ptr + "/" + key, "missing: a kernel's full or short name");
                (std::string_view(key) == "before" ? pairing.before : pairing.after) =
                    std::move(*name);
            }
            if (const auto unpair = p.find("unpair"); unpair != p.end()) {
                if (!unpair->is_boolean())
                    return r.fail(ptr + "/unpair", std::string("expected true or false, got ") +
                                                       unpair->type_name());
                pairing.unpair = unpair->get<bool>();
            }
            m.pairings.push_back(std::move(pairing));
        }
    }
    if (const auto it = json.find("hierarchical"); it != json.end()) {
        if (!it->is_boolean())
            return r.fail("/measurements/hierarchical",
                          std::string("expected true or false, got ") + it->type_name());
        m.hierarchical = it->get<bool>();
    }
    if (json.contains("label_top")) {
        auto top = r.index(json, "/measurements", "label_top", 0, 100);
        if (!top)
            return top.error();
        m.labelTop = *top;
    }
    return m;
}

std::vector<KernelSpeedup> kernelSpeedups(const MeasurementSet& before, const MeasurementSet& after)
{
    return compareRuns(before, after).pairs;
}

// A lone label keeps its side against the first other set.
std::optional<std::pair<int, int>> beforeAfterSets(const Measurements& m)
{
    int before = -1;
    int after = -1;
    for (std::size_t i = 0; i < m.sets.size(); ++i) {
        if (m.sets[i].label == "before" && before < 0)
            before = static_cast<int>(i);
        else if (m.sets[i].label == "after" && after < 0)
            after = static_cast<int>(i);
    }
    if (before >= 0 && after >= 0)
        return std::make_pair(before, after);
    // One label left (its partner's run was removed): it keeps its side, the first other run
    // takes the other.
    if (m.sets.size() >= 2 && (before >= 0 || after >= 0)) {
        const int kept = before >= 0 ? before : after;
        const int other = kept == 0 ? 1 : 0;
        return before >= 0 ? std::make_pair(before, other) : std::make_pair(other, after);
    }
    // No labels: the first two runs are a before and an after only when they are one program;
    // two unrelated files stay side by side until the user compares them.
    if (m.sets.size() >= 2 && programOverlap(m.sets[0].kernels, m.sets[1].kernels).sameProgram())
        return std::make_pair(0, 1);
    return std::nullopt;
}

} // namespace roofscope
