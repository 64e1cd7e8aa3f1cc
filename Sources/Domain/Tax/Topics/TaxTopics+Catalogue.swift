extension TaxTopics {
    static let catalogue: [TaxTopic] = [
        TaxTopic(
            id: "rrsp",
            title: "RRSP contribution",
            definition: "A Registered Retirement Savings Plan contribution is deducted from your income, so it "
                + "saves tax at your marginal rate now; the money and its growth are taxed when you withdraw it, "
                + "usually in retirement at a lower rate.",
            instruction: "Enter your income and province, then the contribution you plan to make. The result shows "
                + "your tax with and without it and how much the contribution saves.",
            tip: "Your deduction limit is on your latest CRA notice of assessment (18% of last year's earned income, "
                + "up to the year's dollar limit, plus unused room). Contributions made in the first 60 days of the "
                + "year can count for the previous year.",
            amountMeaning: "the RRSP contribution"
        ),
        TaxTopic(
            id: "interest",
            title: "Interest income",
            definition: "Interest from savings accounts, GICs and bonds held outside registered plans is fully "
                + "taxable, at the same rate as a salary.",
            instruction: "Enter your other income and province, then the interest you expect. The result shows the "
                + "extra tax and how much of the interest you keep.",
            tip: "Hold interest-paying investments in a TFSA or RRSP where you can: interest is the most heavily "
                + "taxed kind of investment income. Your bank reports it on a T5 slip.",
            amountMeaning: "the extra interest income"
        ),
        TaxTopic(
            id: "dividend",
            title: "Dividend income",
            definition: "Dividends from Canadian corporations are grossed up (38% for eligible dividends, 15% for "
                + "other dividends) and then earn federal and provincial dividend tax credits, because the company "
                + "has already paid corporate tax.",
            instruction: "Enter your other income and province, then the dividends actually received and whether "
                + "they are eligible (most public companies) or non-eligible (most private companies).",
            tip: "At low and middle incomes eligible dividends are taxed less than interest, sometimes below zero. "
                + "The grossed-up amount counts as income for the OAS clawback and income-tested benefits.",
            amountMeaning: "the dividends received"
        ),
        TaxTopic(
            id: "foreign",
            title: "Foreign investment income",
            definition: "Interest and dividends from outside Canada are taxable here in full (no dividend credit). "
                + "Tax withheld abroad earns a foreign tax credit, federal first and provincial for the rest, up to "
                + "the Canadian tax on that income.",
            instruction: "Enter your other income and province, then the foreign income and the foreign tax "
                + "withheld, both converted to Canadian dollars.",
            tip: "Foreign tax above 15% of the income is not creditable; it is deducted instead, so claim treaty "
                + "rates (15% on U.S. dividends with a W-8BEN). Report foreign property over $100,000 on form T1135.",
            amountMeaning: "the foreign income"
        ),
        TaxTopic(
            id: "oas",
            title: "OAS pension and clawback",
            definition: "The Old Age Security pension is taxable income. Above the year's net-income threshold, 15% "
                + "of the excess is repaid as the OAS recovery tax (the clawback), up to the whole pension.",
            instruction: "Enter your other income and province, then the OAS you receive in the year. The result "
                + "shows the clawback and the tax on the pension.",
            tip: "Pension income splitting, RRSP contributions before age 72 and drawing down RRIFs or TFSAs in "
                + "the right order can keep net income below the threshold. You can also defer OAS to age 70 for a "
                + "36% larger pension.",
            amountMeaning: "the OAS pension received"
        ),
        TaxTopic(
            id: "employment",
            title: "Employment income",
            definition: "Salary, wages, bonuses and taxable benefits from an employer (T4 box 14). CPP or QPP "
                + "contributions and EI premiums are withheld too; they earn credits, and the enhanced CPP part is "
                + "deducted.",
            instruction: "Enter your current income and province, then the raise or extra pay. The result shows "
                + "the extra income tax and payroll deductions and what you keep.",
            tip: "A raise never lowers your take-home pay: only the part above a bracket threshold is taxed at the "
                + "higher rate. Ask about group RRSP matching, which is free money.",
            amountMeaning: "the extra employment income"
        ),
        TaxTopic(
            id: "credits",
            title: "Tax credits",
            definition: "Non-refundable credits reduce tax, not income: each amount (basic personal, age, pension, "
                + "Canada employment, CPP and EI) is multiplied by the lowest tax rate. Dividend and foreign tax "
                + "credits and provincial low-income reductions follow.",
            instruction: "Enter your income and province. The result lists each credit and reduction applied to "
                + "your tax.",
            tip: "Unused tuition amounts carry forward, and credits such as the age and pension amounts can be "
                + "transferred to a spouse. Medical expenses above 3% of net income can be claimed too.",
            amountMeaning: nil
        ),
        TaxTopic(
            id: "deductions",
            title: "Deductions",
            definition: "Deductions (RRSP, FHSA, child care, union dues, moving expenses, support payments) reduce "
                + "your income before tax is computed, so they save tax at your marginal rate and can restore "
                + "income-tested amounts such as the age amount.",
            instruction: "Enter your income and province, then the deduction amount. The result shows the tax "
                + "saved.",
            tip: "A deduction is worth most in your highest-income year; a credit is worth the same at any income. "
                + "Keep receipts: CRA may ask for them.",
            amountMeaning: "the deduction"
        ),
    ]
}
