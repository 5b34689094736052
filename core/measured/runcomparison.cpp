#include "core/measured/runcomparison.h"

#include "core/measured/kernelname.h"
#include "core/util/format.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <unordered_map>

namespace roofscope {

namespace {

// The kernels of one name in one run: launches (or rows) of the name summed.
struct NameGroup {
    std::string name;
    std::string shortName;
    int first = -1;
    double timeS = 0.0;
    std::vector<int> kernels;
    bool paired = false;
};

std::string shortNameOf(const MeasuredKernel& k)
{
    // The short name the Kernels table shows: the importers set it with shortKernelName; a
    // scenario written by hand may leave it out.
    return k.shortName.empty() ? shortKernelName(k.name) : k.shortName;
}

std::vector<NameGroup> groupsByName(const MeasurementSet& set)
{
    std::vector<NameGroup> groups;
    std::unordered_map<std::string, std::size_t> at;
    for (std::size_t i = 0; i < set.kernels.size(); ++i) {
        const MeasuredKernel& k = set.kernels[i];
        auto [it, added] = at.try_emplace(k.name, groups.size());
        if (added) {
            NameGroup g;
            g.name = k.name;
            g.shortName = shortNameOf(k);
            g.first = static_cast<int>(i);
            groups.push_back(std::move(g));
        }
        NameGroup& g = groups[it->second];
        g.timeS += k.timeS;
        g.kernels.push_back(static_cast<int>(i));
    }
    return groups;
}

// The unpaired name groups of a run, merged by short name in order of first appearance.
std::vector<std::vector<NameGroup*>> unpairedByShortName(std::vector<NameGroup>& groups)
{
    std::vector<std::vector<NameGroup*>> out;
    std::unordered_map<std::string, std::size_t> at;
    for (NameGroup& g : groups) {
        if (g.paired)
            continue;
        auto [it, added] = at.try_emplace(g.shortName, out.size());
        if (added)
            out.emplace_back();
        out[it->second].push_back(&g);
    }
    return out;
}

double timeOf(const std::vector<NameGroup*>& groups)
{
    double t = 0.0;
    for (const NameGroup* g : groups)
        t += g->timeS;
    return t;
}

UnpairedKernel unpairedKernel(const std::vector<NameGroup*>& groups)
{
    UnpairedKernel u;
    u.shortName = groups.front()->shortName;
    u.name = groups.front()->name;
    u.kernel = groups.front()->first;
    u.timeS = timeOf(groups);
    return u;
}

// The groups a pairing's name stands for, none of them paired yet: the group of that full name,
// else every group of that short name.
std::vector<NameGroup*> unpairedNamed(std::vector<NameGroup>& groups, const std::string& name)
{
    std::vector<NameGroup*> out;
    for (NameGroup& g : groups) {
        if (g.name == name)
            return g.paired ? out : std::vector<NameGroup*>{&g};
    }
    for (NameGroup& g : groups) {
        if (g.shortName == name) {
            if (g.paired)
                return {};
            out.push_back(&g);
        }
    }
    return out;
}

bool namedBy(const std::string& name, const NameGroup& g)
{
    return name == g.name || name == g.shortName;
}

// Whether the user unpaired any kernel of `bs` from any of `as`.
bool unpaired(const std::vector<KernelPairing>& pairings, const std::vector<NameGroup*>& bs,
              const std::vector<NameGroup*>& as)
{
    for (const KernelPairing& p : pairings) {
        if (!p.unpair)
            continue;
        const bool before = std::any_of(bs.begin(), bs.end(),
                                        [&p](const NameGroup* g) { return namedBy(p.before, *g); });
        const bool after = std::any_of(as.begin(), as.end(),
                                       [&p](const NameGroup* g) { return namedBy(p.after, *g); });
        if (before && after)
            return true;
    }
    return false;
}

std::vector<std::string> gpusOf(const MeasurementSet& set)
{
    std::vector<std::string> gpus;
    for (const MeasuredKernel& k : set.kernels) {
        const std::string& gpu = k.gpu.empty() ? k.device : k.gpu;
        if (!gpu.empty() && std::find(gpus.begin(), gpus.end(), gpu) == gpus.end())
            gpus.push_back(gpu);
    }
    return gpus;
}

bool sameGpus(std::vector<std::string> a, std::vector<std::string> b)
{
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    return a == b;
}

} // namespace

int RunComparison::pairedByShortName() const
{
    return static_cast<int>(std::count_if(pairs.begin(), pairs.end(), [](const KernelSpeedup& s) {
        return s.match == KernelMatch::ShortName;
    }));
}

int RunComparison::kernelCount() const
{
    return static_cast<int>(pairs.size() + onlyBefore.size() + onlyAfter.size());
}

int RunComparison::pairedByHand() const
{
    return static_cast<int>(std::count_if(pairs.begin(), pairs.end(), [](const KernelSpeedup& s) {
        return s.match == KernelMatch::Hand;
    }));
}

RunComparison compareRuns(const MeasurementSet& before, const MeasurementSet& after,
                          const std::vector<KernelPairing>& pairings)
{
    RunComparison c;
    c.beforeFile = before.file;
    c.afterFile = after.file;
    c.beforePair.assign(before.kernels.size(), -1);
    c.afterPair.assign(after.kernels.size(), -1);
    std::vector<NameGroup> b = groupsByName(before);
    std::vector<NameGroup> a = groupsByName(after);

    struct Pending {
        KernelSpeedup speedup;
        std::vector<const NameGroup*> before;
        std::vector<const NameGroup*> after;
    };
    std::vector<Pending> pending;
    auto add = [&pending](const std::vector<NameGroup*>& bs, const std::vector<NameGroup*>& as,
                          KernelMatch match) {
        Pending p;
        p.speedup.name = bs.front()->name;
        p.speedup.afterName = as.front()->name;
        p.speedup.shortName = bs.front()->shortName;
        p.speedup.match = match;
        p.speedup.beforeKernel = bs.front()->first;
        p.speedup.afterKernel = as.front()->first;
        p.speedup.beforeS = timeOf(bs);
        p.speedup.afterS = timeOf(as);
        for (NameGroup* g : bs)
            g->paired = true;
        for (NameGroup* g : as)
            g->paired = true;
        p.before.assign(bs.begin(), bs.end());
        p.after.assign(as.begin(), as.end());
        pending.push_back(std::move(p));
    };

    // The user's pairs first: they say what the names cannot.
    for (std::size_t i = 0; i < pairings.size(); ++i) {
        const KernelPairing& hand = pairings[i];
        if (hand.unpair)
            continue;
        const std::vector<NameGroup*> bs = unpairedNamed(b, hand.before);
        const std::vector<NameGroup*> as = unpairedNamed(a, hand.after);
        if (bs.empty() || as.empty())
            continue;
        add(bs, as, KernelMatch::Hand);
        pending.back().speedup.pairing = static_cast<int>(i);
    }
    auto kept = [&pairings](const std::vector<NameGroup*>& bs, const std::vector<NameGroup*>& as) {
        return !unpaired(pairings, bs, as);
    };

    // Identical full names next: they are the same kernel whatever its short name shares.
    std::unordered_map<std::string, std::size_t> afterByName;
    for (std::size_t i = 0; i < a.size(); ++i)
        afterByName.emplace(a[i].name, i);
    for (NameGroup& g : b) {
        const auto it = afterByName.find(g.name);
        if (g.paired || it == afterByName.end() || a[it->second].paired)
            continue;
        const std::vector<NameGroup*> bs{&g};
        const std::vector<NameGroup*> as{&a[it->second]};
        if (kept(bs, as))
            add(bs, as, KernelMatch::FullName);
    }

    // Then what is left, by short name: a retuned template or a new argument list.
    auto restBefore = unpairedByShortName(b);
    auto restAfter = unpairedByShortName(a);
    std::unordered_map<std::string, std::size_t> afterByShort;
    for (std::size_t i = 0; i < restAfter.size(); ++i)
        afterByShort.emplace(restAfter[i].front()->shortName, i);
    std::vector<bool> afterTaken(restAfter.size(), false);
    for (const auto& groups : restBefore) {
        const auto it = afterByShort.find(groups.front()->shortName);
        if (it == afterByShort.end() || !kept(groups, restAfter[it->second])) {
            c.onlyBefore.push_back(unpairedKernel(groups));
            continue;
        }
        afterTaken[it->second] = true;
        add(groups, restAfter[it->second], KernelMatch::ShortName);
    }
    for (std::size_t i = 0; i < restAfter.size(); ++i) {
        if (!afterTaken[i])
            c.onlyAfter.push_back(unpairedKernel(restAfter[i]));
    }

    std::stable_sort(pending.begin(), pending.end(), [](const Pending& x, const Pending& y) {
        return x.speedup.beforeKernel < y.speedup.beforeKernel;
    });
    for (Pending& p : pending) {
        const int index = static_cast<int>(c.pairs.size());
        for (const NameGroup* g : p.before)
            for (int k : g->kernels)
                c.beforePair[static_cast<std::size_t>(k)] = index;
        for (const NameGroup* g : p.after)
            for (int k : g->kernels)
                c.afterPair[static_cast<std::size_t>(k)] = index;
        if (p.speedup.afterS > 0.0)
            p.speedup.speedup = p.speedup.beforeS / p.speedup.afterS;
        c.pairs.push_back(std::move(p.speedup));
    }

    for (const MeasuredKernel& k : before.kernels)
        c.beforeS += k.timeS;
    for (const MeasuredKernel& k : after.kernels)
        c.afterS += k.timeS;
    if (c.afterS > 0.0)
        c.speedup = c.beforeS / c.afterS;
    c.beforeGpus = gpusOf(before);
    c.afterGpus = gpusOf(after);
    // A run whose GPU nobody knows says nothing either way.
    c.differentGpus =
        !c.beforeGpus.empty() && !c.afterGpus.empty() && !sameGpus(c.beforeGpus, c.afterGpus);
    return c;
}

std::optional<RunComparison> compareMeasurements(const Measurements& m)
{
    const auto sets = beforeAfterSets(m);
    if (!sets)
        return std::nullopt;
    RunComparison c = compareRuns(m.sets[static_cast<std::size_t>(sets->first)],
                                  m.sets[static_cast<std::size_t>(sets->second)], m.pairings);
    c.beforeSet = sets->first;
    c.afterSet = sets->second;
    for (std::size_t i = 0; i < m.sets.size(); ++i) {
        if (static_cast<int>(i) != c.beforeSet && static_cast<int>(i) != c.afterSet)
            c.otherRuns.push_back(m.sets[i].file);
    }
    return c;
}

std::string_view comparisonPhraseText(ComparisonPhrase phrase)
{
    switch (phrase) {
    case ComparisonPhrase::Runs:
        return "%1 → %2";
    case ComparisonPhrase::Paired:
        return "%1 of %2 kernels paired";
    case ComparisonPhrase::PairedShort:
        return "%1 of %2 kernels paired (%3 by short name)";
    case ComparisonPhrase::PairedHand:
        return "%1 of %2 kernels paired (%3 by hand)";
    case ComparisonPhrase::PairedShortHand:
        return "%1 of %2 kernels paired (%3 by short name, %4 by hand)";
    case ComparisonPhrase::OtherRun:
        return "%1 more run not compared: %2";
    case ComparisonPhrase::OtherRuns:
        return "%1 more runs not compared: %2";
    case ComparisonPhrase::OnlyBefore:
        return "%1 only before: %2";
    case ComparisonPhrase::OnlyBeforeMore:
        return "%1 only before: %2 and %3 more";
    case ComparisonPhrase::OnlyAfter:
        return "%1 only after: %2";
    case ComparisonPhrase::OnlyAfterMore:
        return "%1 only after: %2 and %3 more";
    case ComparisonPhrase::Faster:
        return "whole run %1× faster";
    case ComparisonPhrase::Slower:
        return "whole run %1× slower";
    case ComparisonPhrase::DifferentGpus:
        return "runs on different GPUs (%1 / %2): times are not like for like";
    }
    return "";
}

namespace {

constexpr std::size_t kNamesShown = 3;

ComparisonArg number(double v)
{
    return ComparisonArg{{}, v};
}

ComparisonArg text(std::string s)
{
    return ComparisonArg{std::move(s), std::nullopt};
}

void addUnpaired(std::vector<ComparisonPart>& parts, const std::vector<UnpairedKernel>& kernels,
                 ComparisonPhrase phrase, ComparisonPhrase more)
{
    if (kernels.empty())
        return;
    std::string names;
    for (std::size_t i = 0; i < kernels.size() && i < kNamesShown; ++i)
        names += (i ? ", " : "") + kernels[i].shortName;
    const auto n = static_cast<double>(kernels.size());
    if (kernels.size() <= kNamesShown)
        parts.push_back({phrase, {number(n), text(names)}});
    else
        parts.push_back(
            {more,
             {number(n), text(names), number(static_cast<double>(kernels.size() - kNamesShown))}});
}

std::string gpuList(const std::vector<std::string>& gpus, const GpuNamer& gpuName)
{
    std::string out;
    for (const std::string& g : gpus)
        out += (out.empty() ? "" : " + ") + (gpuName ? gpuName(g) : g);
    return out;
}

std::string argText(const ComparisonArg& arg)
{
    if (!arg.number)
        return arg.text;
    const double v = *arg.number;
    if (std::isfinite(v) && v == std::floor(v) && std::abs(v) < 1e15)
        return std::to_string(static_cast<long long>(v));
    return formatNumber(v, 3);
}

} // namespace

std::vector<ComparisonPart> comparisonParts(const RunComparison& c, const GpuNamer& gpuName)
{
    std::vector<ComparisonPart> parts;
    if (!c.beforeFile.empty() && !c.afterFile.empty())
        parts.push_back({ComparisonPhrase::Runs, {text(c.beforeFile), text(c.afterFile)}});
    if (!c.otherRuns.empty()) {
        std::string files;
        for (const std::string& f : c.otherRuns)
            files += (files.empty() ? "" : ", ") + f;
        parts.push_back(
            {c.otherRuns.size() == 1 ? ComparisonPhrase::OtherRun : ComparisonPhrase::OtherRuns,
             {number(static_cast<double>(c.otherRuns.size())), text(files)}});
    }
    const auto paired = static_cast<double>(c.pairs.size());
    const auto total = static_cast<double>(c.kernelCount());
    const auto byShort = static_cast<double>(c.pairedByShortName());
    const auto byHand = static_cast<double>(c.pairedByHand());
    if (byShort > 0 && byHand > 0)
        parts.push_back({ComparisonPhrase::PairedShortHand,
                         {number(paired), number(total), number(byShort), number(byHand)}});
    else if (byShort > 0)
        parts.push_back(
            {ComparisonPhrase::PairedShort, {number(paired), number(total), number(byShort)}});
    else if (byHand > 0)
        parts.push_back(
            {ComparisonPhrase::PairedHand, {number(paired), number(total), number(byHand)}});
    else
        parts.push_back({ComparisonPhrase::Paired, {number(paired), number(total)}});
    addUnpaired(parts, c.onlyBefore, ComparisonPhrase::OnlyBefore,
                ComparisonPhrase::OnlyBeforeMore);
    addUnpaired(parts, c.onlyAfter, ComparisonPhrase::OnlyAfter, ComparisonPhrase::OnlyAfterMore);
    if (c.speedup && *c.speedup >= 1.0)
        parts.push_back({ComparisonPhrase::Faster, {number(*c.speedup)}});
    else if (c.speedup && *c.speedup > 0.0)
        parts.push_back({ComparisonPhrase::Slower, {number(1.0 / *c.speedup)}});
    if (c.differentGpus)
        parts.push_back(
            {ComparisonPhrase::DifferentGpus,
             {text(gpuList(c.beforeGpus, gpuName)), text(gpuList(c.afterGpus, gpuName))}});
    return parts;
}

std::string comparisonSentence(const std::vector<ComparisonPart>& parts)
{
    std::string out;
    for (const ComparisonPart& p : parts) {
        // Qt's arg() rule: %1 … %9, each replaced once, values never rescanned.
        const std::string_view pattern = comparisonPhraseText(p.phrase);
        std::string filled;
        for (std::size_t i = 0; i < pattern.size(); ++i) {
            const char next = i + 1 < pattern.size() ? pattern[i + 1] : '\0';
            if (pattern[i] == '%' && next >= '1' && next <= '9' &&
                static_cast<std::size_t>(next - '1') < p.args.size()) {
                filled += argText(p.args[static_cast<std::size_t>(next - '1')]);
                ++i;
            } else {
                filled += pattern[i];
            }
        }
        out += (out.empty() ? "" : " · ") + filled;
    }
    return out;
}

nlohmann::ordered_json runComparisonJson(const RunComparison& c, const GpuNamer& gpuName)
{
    using OJson = nlohmann::ordered_json;
    auto optional = [](const std::optional<double>& v) { return v ? OJson(*v) : OJson(); };
    auto unpairedJson = [](const std::vector<UnpairedKernel>& kernels) {
        OJson list = OJson::array();
        for (const UnpairedKernel& u : kernels)
            list.push_back({{"short_name", u.shortName}, {"name", u.name}, {"time_s", u.timeS}});
        return list;
    };
    OJson pairs = OJson::array();
    for (const KernelSpeedup& s : c.pairs)
        pairs.push_back({{"short_name", s.shortName},
                         {"before", s.name},
                         {"after", s.afterName},
                         {"matched_by", s.match == KernelMatch::FullName    ? "name"
                                        : s.match == KernelMatch::ShortName ? "short_name"
                                                                            : "hand"},
                         {"before_s", s.beforeS},
                         {"after_s", s.afterS},
                         {"speedup", optional(s.speedup)}});
    OJson out;
    out["before"] = c.beforeFile;
    out["after"] = c.afterFile;
    out["kernels"] = c.kernelCount();
    out["paired"] = c.pairs.size();
    out["paired_by_short_name"] = c.pairedByShortName();
    out["paired_by_hand"] = c.pairedByHand();
    out["other_runs"] = c.otherRuns;
    out["only_before"] = unpairedJson(c.onlyBefore);
    out["only_after"] = unpairedJson(c.onlyAfter);
    out["before_s"] = c.beforeS;
    out["after_s"] = c.afterS;
    out["speedup"] = optional(c.speedup);
    out["before_gpus"] = c.beforeGpus;
    out["after_gpus"] = c.afterGpus;
    out["different_gpus"] = c.differentGpus;
    out["pairs"] = std::move(pairs);
    out["sentence"] = comparisonSentence(comparisonParts(c, gpuName));
    return out;
}

} // namespace roofscope
