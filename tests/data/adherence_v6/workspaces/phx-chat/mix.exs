defmodule PhxChat.MixProject do
  use Mix.Project
  def project, do: [app: :phx_chat, version: "0.1.0", elixir: "~> 1.17"]
end
