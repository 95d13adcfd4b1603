import PlanCLI

PlanCommand.main()
