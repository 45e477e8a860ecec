module "ledger" {
  source        = "../../modules/ledger"
  environment   = "prod"
  instance_type = "m6i.large"
  db_multi_az   = true
}
