<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>roofscope::CatalogController</name>
    <message numerus="yes">
        <source>%1: %n accelerator(s) added</source>
        <translation>
            <numerusform>%1: %n accelerator added</numerusform>
            <numerusform>%1: %n accelerators added</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>roofscope::KernelsPanel</name>
    <message numerus="yes">
        <source>Imported %Ln kernel(s).</source>
        <translation>
            <numerusform>Imported %Ln kernel.</numerusform>
            <numerusform>Imported %Ln kernels.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of them not on the chart.</source>
        <translation>
            <numerusform>%n of them is not on the chart.</numerusform>
            <numerusform>%n of them are not on the chart.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s): see the Kernels panel.</source>
        <translation>
            <numerusform>%n warning: see the Kernels panel.</numerusform>
            <numerusform>%n warnings: see the Kernels panel.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more (hover for all)</source>
        <translation>
            <numerusform>… and %n more (hover for all)</numerusform>
            <numerusform>… and %n more (hover for all)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>roofscope::PublishedDialog</name>
    <message numerus="yes">
        <source>%n row(s) could not be evaluated (see the Ratio column).</source>
        <translation>
            <numerusform>%n row could not be evaluated (see the Ratio column).</numerusform>
            <numerusform>%n rows could not be evaluated (see the Ratio column).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>roofscope::RoofChart</name>
    <message numerus="yes">
        <source>%n label(s) hidden</source>
        <translation>
            <numerusform>%n label hidden</numerusform>
            <numerusform>%n labels hidden</numerusform>
        </translation>
    </message>
</context>
</TS>
