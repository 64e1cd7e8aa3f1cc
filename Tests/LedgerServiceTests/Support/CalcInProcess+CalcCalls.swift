import CalcService
import LedgerService

/// calc in the tests' own process, where saved calculations run.
extension CalcInProcess: CalcCalls {}
