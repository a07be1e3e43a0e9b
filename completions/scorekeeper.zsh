#compdef scorekeeper

_scorekeeper_completion() {
  eval $(env _TYPER_COMPLETE_ARGS="${words[1,$CURRENT]}" _SCOREKEEPER_COMPLETE=complete_zsh scorekeeper)
}

compdef _scorekeeper_completion scorekeeper

