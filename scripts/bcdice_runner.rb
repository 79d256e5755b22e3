# Answers dice commands with BCDice, one JSON line in, one JSON line out (for scripts/fuzz_bcdice.py).
#
#   ruby -I <BCDice checkout>/lib scripts/bcdice_runner.rb < commands.jsonl
#
# In: {"system": ..., "command": ...} or {"prefixes": system}. Out: the answer the way bcdice-api gives
# it (text, the five flags, rands as [sides, value] in draw order), {"ok": false} when BCDice answers
# nothing, or {"ok": false, "raised": class} when it raises (bcdice-api then answers 500).
# This file is meikyu's own; BCDice itself is never part of the repository.
require "json"
require "timeout"
require "bcdice"
require "bcdice/game_system/MeikyuKingdom"
require "bcdice/game_system/MeikyuKingdomBasic"

$stdout.sync = true
$stdin.each_line do |line|
  ask = JSON.parse(line)
  if ask["prefixes"]
    puts JSON.generate({"prefixes" => BCDice::GameSystem.const_get(ask["prefixes"]).prefixes})
    next
  end
  answer = { "system" => ask["system"], "command" => ask["command"] }
  begin
    result = Timeout.timeout(5) { BCDice::GameSystem.const_get(ask["system"]).eval(ask["command"]) }
    if result.nil?
      answer["ok"] = false
    else
      answer.merge!(
        "ok" => true, "text" => result.text, "secret" => result.secret?, "success" => result.success?,
        "failure" => result.failure?, "critical" => result.critical?, "fumble" => result.fumble?,
        "rands" => (result.rands || []).map { |value, sides| [sides, value] }
      )
    end
  rescue Exception => e # rubocop:disable Lint/RescueException -- a timeout or any crash is an answer too
    answer["ok"] = false
    answer["raised"] = e.class.to_s
  end
  puts JSON.generate(answer)
end
