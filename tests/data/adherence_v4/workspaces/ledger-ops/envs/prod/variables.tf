variable "alarm_email" {
  type    = string
  default = "oncall@example.com"
}
