module "ledger_replica" {
  source      = "../../modules/ledger-replica"
  environment = "prod-replica"
  region      = "eu-central-1"
}
