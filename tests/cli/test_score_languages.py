"""``ramino score --lang``: a session through standard input in Italian and in Portuguese,
prompts, breakdown, sheet and refusals in that language (the refusals as the score keeper's
page words them, naming the entry and the field); commands and answers typed in any language."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from ramino.cli import app
from ramino.scoresheet import read_sheet_record

runner = CliRunner()

PLAYERS = ["--players", "Anna,Bruno,Carla,Dario"]


def burraco_hand(in_hand: str = "15", yes: str = "s", no: str = "n") -> list[str]:
    """One hand: side 0 one pulito, 420 melded, ``in_hand`` in hand, pozzetto taken, closes;
    side 1 one sporco, 180 melded, 85 in hand, no pozzetto."""
    return ["", "pulito 1", "420", in_hand, yes, "", "sporco 1", "180", "85", no, "0"]


def test_an_italian_burraco_session(tmp_path: Path) -> None:
    record_file = tmp_path / "record.json"
    lines = [*burraco_hand(in_hand="17"),  # refused: 17 is no multiple of 5
             *burraco_hand(),
             "undo",  # the English command is understood too …
             *burraco_hand(yes="y"),  # … and so is an English yes
             "boh",
             *burraco_hand()]
    result = runner.invoke(app, ["score", "--lang", "it", *PLAYERS, "--target", "1005",
                                 "--export", str(record_file)],
                           input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Foglio dei punti: fibur (burraco), a 1005; 0: Anna & Carla, 1: Bruno & Dario" in out
    assert ("Mano 1 (mazziere Dario): Invio per contarla, 'annulla', 'rientra N' o 'esci' > "
            in out)
    assert "  burrachi (pulito, semipulito, sporco; per esempio 'pulito 1 sporco 2', Invio " \
           "per nessuno) > pulito 1" in out
    assert "  punti delle carte calate > 420" in out
    assert "  pozzetto preso? (s/n) > s" in out
    assert "chi ha chiuso? (0 Anna & Carla, 1 Bruno & Dario; Invio: nessuno) > 0" in out
    assert ("rifiutata: Anna & Carla · Punti delle carte in mano: 17 non è un multiplo di 5, "
            "come ogni valore delle carte; conta di nuovo la mano") in out
    assert "mano 1 tolta" in out and "comando sconosciuto 'boh'" in out
    for column in ("lato", "in tavola", "chiusura", "in mano", "pozzetto", "punteggio"):
        assert column in out, column
    assert "partita finita: vince Anna & Carla" in out and "La partita è finita." in out
    assert f"Registrazione scritta in {record_file}" in out.replace("\n", "")
    assert "refused" not in out and "Enter" not in out and "Traceback" not in result.output
    document = json.loads(record_file.read_text())
    assert read_sheet_record(document).standing().totals == (1410, 190)


def test_a_portuguese_scala40_session(tmp_path: Path) -> None:
    lines = ["", "0", "não", "5", "não", "30", "sim",  # Bruno never opened but holds 5: refused
             "", "0", "n", "40", "", "60", "s",  # counted again
             "reentrar 1",
             "sair"]
    result = runner.invoke(app, ["score", "--lang", "pt", "--preset", "fisca", "--option",
                                 "players=3", "--players", "Anna,Bruno,Carla"],
                           input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Folha de pontos: fisca (scala40)" in out
    assert "quem bateu? (0 Anna, 1 Bruno, 2 Carla; Enter: ninguém) > 0" in out
    assert "batida de mão? (s/n) [n] > não" in out
    assert "Bruno: pontos que ficaram na mão > 5" in out
    assert "Bruno: tinha aberto? (s/n) [s] > não" in out
    assert ("recusada: Bruno · Pontos das cartas na mão: quem não abriu tem todas as 13 "
            "cartas, de 31 a 198 pontos, não 5; conte a mão de novo") in out
    assert "┃ lado  ┃ penalidade ┃" in out  # the breakdown
    assert "recusada: estas regras não têm reentrada" in out  # fisca: no re-entry
    assert "refused" not in out and "Traceback" not in result.output


def test_a_portuguese_buraco_hand_nobody_closed() -> None:
    lines = ["", "limpa 1", "420", "15", "sim", "", "suja 1", "180", "85", "não",
             "", "fim", "monte", "sair"]
    result = runner.invoke(app, ["score", "--lang", "pt", "--preset", "buraco-aberto",
                                 *PLAYERS], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "  canastras (limpa, semilimpa, suja; por exemplo 'limpa 1 suja 2', Enter para " \
           "nenhuma) > limpa 1" in out
    assert "  morto pego? (s/n) > sim" in out
    assert "como terminou a mão? (monte, empate, tempo) [monte] > fim" in out
    assert "monte, empate ou tempo" in out
    assert "Mão 1 (monte esgotado)" in out
    assert "pozzetto" not in out and "Traceback" not in result.output


def test_an_unknown_language_is_refused_naming_the_option() -> None:
    result = runner.invoke(app, ["score", "--lang", "de", "--no-input"])
    assert result.exit_code == 2
    assert result.stderr.strip() == "--lang de: one of en, it, pt"


def test_re_entry_and_undo_refusals_in_italian() -> None:
    lines = ["annulla", "rientra 1", "rientra x", "esci"]
    result = runner.invoke(app, ["score", "--lang", "it", "--preset", "fisca", "--option",
                                 "players=3", "--option", "reentry=ONCE_AT_HIGHEST_REMAINING",
                                 "--players", "Anna,Bruno,Carla"],
                           input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "rifiutata: il foglio non ha ancora mani da togliere" in out
    assert ("rifiutata: il lato 1 non può rientrare ora: solo una volta, subito dopo "
            "l'eliminazione, finché due lati restano in gioco") in out
    assert "scrivi 'rientra N', N il numero del lato" in out
