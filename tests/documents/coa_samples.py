"""Certificates of analysis in the layouts of three kinds of lab, written by us as PDFs (the
labs, licences, batches and figures are invented; the layouts follow what labs print):

- a California lab's table with LOD, LOQ, result, unit, action level and status columns;
- a Washington lab's dotted lines, `name ..... result unit  Limit x unit  PASS`, potency
  in % beside mg/g in brackets;
- a Colorado hemp lab's two result columns (% and mg/g) and microbials as Present/Absent;
- a Utah medical lab's result, units, action level and status columns, with the microbial
  counts in thousands and the pathogens as Detected/Not Detected (a flower that fails, and
  an orally consumable product that passes).
"""

from __future__ import annotations

from tests.documents.samples import pdf_document

CALIFORNIA_FLOWER = pdf_document(
    [
        "Sierra Analytical Laboratories, 1200 Harbor Way, Oakland, California 94607",
        "CERTIFICATE OF ANALYSIS    Lic. C8-0000000-LIC",
        "Sample: Blue Dream 3.5 g    Matrix: Flower    Batch: BD-2611",
        "Cannabinoids (HPLC-UV)",
        "Analyte    LOD    LOQ    Result    Unit    Status",
        "THCA    0.02    0.05    24.10    %",
        "Delta 9-THC    0.02    0.05    0.62    %",
        "CBDA    0.02    0.05    ND    %",
        "CBD    0.02    0.05    ND    %",
        "Total THC    21.76    %",
        "Moisture and water activity",
        "Analyte    LOD    LOQ    Result    Unit    Action Level    Status",
        "Water Activity    0.02    0.05    0.61    aw    0.65    PASS",
    ],
    [
        "Heavy metals (ICP-MS)",
        "Analyte    LOD    LOQ    Result    Unit    Action Level    Status",
        "Arsenic    0.01    0.05    0.08    \u00b5g/g    0.2    PASS",
        "Cadmium    0.01    0.05    ND    \u00b5g/g    0.2    PASS",
        "Lead    0.01    0.05    0.62    \u00b5g/g    0.5    FAIL",
        "Mercury    0.005    0.01    ND    \u00b5g/g    0.1    PASS",
        "Microbial impurities (qPCR)",
        "Analyte    Result    Status",
        "Salmonella spp.    Not Detected in 1 g    PASS",
        "STEC E. coli    Not Detected in 1 g    PASS",
        "Aspergillus flavus    Not Detected in 1 g    PASS",
        "Mycotoxins",
        "Analyte    LOD    LOQ    Result    Unit    Action Level    Status",
        "Total Aflatoxins    0.5    1.0    ND    \u00b5g/kg    20    PASS",
        "Pesticides",
        "Analyte    LOD    LOQ    Result    Unit    Action Level    Status",
        "Myclobutanil    0.01    0.02    ND    \u00b5g/g    0.1    PASS",
        "Bifenazate    0.01    0.02    0.03    \u00b5g/g    0.1    PASS",
        "Overall result: FAIL (heavy metals)",
    ],
)

WASHINGTON_FLOWER = pdf_document(
    [
        "Cascade Quality Testing, Spokane, Washington",
        "Certificate of Analysis    Product type: Usable marijuana (flower)",
        "Potency",
        "THCA ............ 18.20% (182.0 mg/g)",
        "Delta-9 THC ..... 0.90% (9.0 mg/g)",
        "Total THC ....... 16.86%",
        "CBDA ............ 0.05%",
        "CBD ............. <LOQ",
        "Moisture ........ 9.8 %    Limit 15 %    PASS",
        "Mycotoxins",
        "Total Aflatoxins (B1, B2, G1, G2) ..... 24.1 \u00b5g/kg    Limit 20 \u00b5g/kg    FAIL",
        "Ochratoxin A ..... 3.2 \u00b5g/kg    Limit 20 \u00b5g/kg    PASS",
        "Microbiology",
        "Salmonella ...... Absent in 1 g    PASS",
        "STEC ............ Absent in 1 g    PASS",
        "Bile-tolerant gram-negative bacteria ..... 9,100 CFU/g    Limit 10,000 CFU/g    PASS",
    ],
)

COLORADO_HEMP = pdf_document(
    [
        "FRONT RANGE LABS  |  Denver, Colorado",
        "Client: High Plains Hemp Co.    Sample type: Hemp flower",
        "Cannabinoid    Result (%)    Result (mg/g)",
        "THCA    0.31 %    3.1 mg/g",
        "D9-THC    0.05 %    0.5 mg/g",
        "CBDA    12.40 %    124.0 mg/g",
        "CBD    0.60 %    6.0 mg/g",
        "Total THC    0.32 %",
        "Total CBD    11.48 %",
        "Microbial",
        "Analyte    Result    Status",
        "STEC    Present    FAIL",
        "Salmonella    Absent    PASS",
        "Total Yeast and Mold    2,300 CFU/g    PASS",
        "Residual solvents",
        "Butane    ND    ppm    PASS",
    ],
)

UTAH_FLOWER = pdf_document(
    [
        "Wasatch Cannabis Testing, 2450 S Main Street, Salt Lake City, Utah 84115",
        "Certificate of Analysis - Medical Cannabis    Client: Bonneville Cultivation LLC",
        "Sample type: Cannabis plant product (flower)    Lot: UT-FL-0412",
        "Cannabinoids",
        "Analyte    Result    Units",
        "THCA    19.80    %",
        "Delta-9 THC    0.40    %",
        "Total THC    17.76    %",
        "Microbial contaminants",
        "Analyte    Result    Units    Action Level    Status",
        "Total Aerobic Microbial Count    180,000    CFU/g    100,000    FAIL",
        "Total Yeast and Mold    4,500    CFU/g",
        "E. coli    Not Detected in 1 g    PASS",
        "Salmonella spp.    Not Detected in 1 g    PASS",
        "Aspergillus fumigatus    Detected in 1 g    FAIL",
        "Mycotoxins",
        "Analyte    Result    Units    Action Level    Status",
        "Total Aflatoxins    3.1    \u00b5g/kg    20    PASS",
        "Ochratoxin A    ND    \u00b5g/kg    20    PASS",
        "Water Activity    0.52    aw",
        "Overall: FAIL (microbial)",
    ],
)

UTAH_GUMMY = pdf_document(
    [
        "Wasatch Cannabis Testing, 2450 S Main Street, Salt Lake City, Utah 84115",
        "Certificate of Analysis - Medical Cannabis    Client: Timpanogos Processing",
        "Product type: Gummy (orally consumable)    Batch: UT-GM-0098",
        "Cannabinoids",
        "Analyte    Result    Units",
        "Delta-9 THC    4.10    mg/g",
        "CBD    0.20    mg/g",
        "Microbial contaminants",
        "Analyte    Result    Units    Action Level    Status",
        "Total Aerobic Microbial Count    1,200    CFU/g    10,000    PASS",
        "Total Yeast and Mold    300    CFU/g    1,000    PASS",
        "E. coli    Not Detected in 1 g    PASS",
        "Salmonella spp.    Not Detected in 1 g    PASS",
        "Overall: PASS",
    ],
)
