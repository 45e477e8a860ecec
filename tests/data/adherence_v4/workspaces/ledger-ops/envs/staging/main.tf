module "ledger" {
  source        = "../../modules/ledger"
  environment   = "staging"
  instance_type = "t3.medium"
  db_multi_az   = false
}
