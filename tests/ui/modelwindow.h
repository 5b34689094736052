#pragma once

#include "ui/document/modelworkbench.h"
#include "ui/models/modeltotalsmodel.h"
#include "ui/widgets/modelpanel.h"
#include "ui/widgets/modeltotalspanel.h"
#include "uitestutil.h"

#include <QComboBox>
#include <QVariant>

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace roofscope::test {

// The window in its default state with handles on its model parts: the Model panel, the
// workbench behind it, the Model Totals tab and the session, for the tests of whole models
// on the chart.
struct ModelWindow {
    std::unique_ptr<MainWindow> window = makeWindow();
    ModelPanel* panel = window->findChild<ModelPanel*>();
    ModelWorkbench* workbench = window->findChild<ModelWorkbench*>();
    ModelTotalsPanel* totalsPanel = window->findChild<ModelTotalsPanel*>();
    ModelTotalsModel* totals = totalsPanel->model();
    Session* session = window->session();

    int h100() const { return session->hardwareIndex("h100-sxm5"); }

    // Picks a model the way a user does: the combo's activated signal.
    void chooseModel(const std::string& id) const
    {
        QComboBox* c = panel->modelCombo();
        const int i = c->findData(QString::fromStdString(id));
        ASSERT_GE(i, 0) << id;
        c->setCurrentIndex(i);
        emit c->activated(i);
    }

    // One cell of GPU `hw`'s row in the Model Totals tab.
    QVariant total(int hw, int column, int role = ModelTotalsModel::SortRole) const
    {
        return totals->index(totals->rowOf(hw), column).data(role);
    }
};

} // namespace roofscope::test
