"""The meaning of each rule option in the reader's language (the rules page, `/rules/{preset}`).

The engine describes each option in English (``ramino.rules.options.OPTIONS``); here each has
its Italian text, the catalogs' source, translated like every shown text.
"""

from __future__ import annotations

from typing import Final


def N_(text: str) -> str:  # gettext's name for "mark for translation"
    return text


MEANINGS: Final[dict[str, str]] = {
    "players": N_('numero di giocatori'),
    "turn_direction":
        N_("senso di gioco al tavolo; i posti sono numerati nell'ordine dei turni in ogni caso"),
    "hand_size": N_('carte distribuite a ogni giocatore'),
    "pozzetto_sizes":
        N_('carte di ogni pozzetto (secondo il numero di giocatori, se non indicate)'),
    "pozzetto_assignment": N_('chi prende quale pozzetto'),
    "upcard_is_wild": N_('che cosa succede se la carta scoperta è una matta'),
    "dealer_rotation": N_('a chi passa la distribuzione a ogni mano'),
    "discard_pickup": N_('che cosa si prende raccogliendo gli scarti'),
    "single_card_pile_rediscard":
        N_('riscartare la carta presa quando gli scarti erano una sola carta'),
    "pickup_requires_top_card_use":
        N_('gli scarti si raccolgono solo per usare subito la carta in cima'),
    "pickup_forbidden_with_one_card": N_('chi ha una sola carta non può raccogliere gli scarti'),
    "min_first_meld_points": N_('punti che la prima calata di una squadra deve mettere giù'),
    "max_active_wilds_per_meld": N_('matte attive che una combinazione può contenere'),
    "natural_two_exemption": N_('un 2 dello stesso seme al suo posto è naturale'),
    "allow_group_of_twos": N_('tris di 2 ammessi (i loro 2 sono naturali)'),
    "group_allows_repeated_suits": N_('un tris può ripetere un seme'),
    "max_group_naturals":
        N_('carte naturali in un tris (8 con due mazzi, 12 con tre, se non indicato)'),
    "max_sequence_cards": N_('carte che una scala può contenere'),
    "one_group_per_rank_per_team": N_('una squadra ha al più un tris per valore'),
    "multiple_sequences_same_suit": N_('una squadra può avere più scale dello stesso seme'),
    "ace_both_ends_in_sequence": N_('una scala può avere un asso a entrambi gli estremi'),
    "wild_in_sequence_min_cards": N_('la scala più corta che può contenere una matta'),
    "wild_reposition_policy": N_('quando una matta già sul tavolo può cambiare posto'),
    "free_wild_default_position": N_('dove va una matta che sta bene a entrambi gli estremi'),
    "pinella_natural_to_wild_transition":
        N_('un 2 naturale può diventare matta quando si attacca una carta'),
    "wild_may_return_to_hand": N_('una matta sostituita torna in mano'),
    "semipulito_enabled": N_('esiste il burraco semipulito'),
    "semipulito_group_rule": N_('quali tris con una matta sono semipuliti'),
    "semipulito_sequence_rule": N_('quali scale con una matta sono semipulite'),
    "burraco_values": N_('premio di ogni tipo di burraco'),
    "extra_burraco_types": N_('tipi di burraco oltre ai tre della FIBUR'),
    "closing_burraco_requirement": N_('il burraco che serve a una squadra per chiudere'),
    "closing_discard_may_be_wild": N_('lo scarto di chiusura può essere una matta'),
    "closing_requires_discard": N_('si chiude con uno scarto'),
    "pozzetto_al_volo_allowed": N_("il pozzetto si può prendere calando l'ultima carta"),
    "pozzetto_con_scarto_playable": N_('quando un pozzetto preso con lo scarto entra in mano'),
    "pozzetto_requires_burraco":
        N_('una squadra deve avere un burraco prima di prendere il pozzetto'),
    "closing_bonus": N_('premio di chiusura'),
    "pozzetto_not_taken_penalty": N_('penalità per il pozzetto non preso'),
    "pozzetto_penalty_if_neither_took":
        N_("la penalità vale anche quando nessuna squadra l'ha preso"),
    "unplayed_pozzetto_counts_in_hand":
        N_('un pozzetto preso e non giocato conta come carte in mano'),
    "stock_exhaustion": N_('che cosa chiude o prolunga il tallone'),
    "stallo_detection": N_('come si dichiara lo stallo'),
    "match_mode": N_("che cos'è una partita"),
    "target_tie_break": N_('chi vince quando entrambe le squadre superano il traguardo'),
    "three_player_switch_threshold":
        N_('in tre: quando un giocatore arriva qui, le mani usano tre pozzetti da 11'),
    "three_player_target": N_('in tre: il traguardo della partita'),
    "card_values": N_('punti di ogni carta'),
    "discard_pile_visibility":
        N_('quali carte degli scarti vedono i giocatori (scarti scoperti o coperti)'),
    "groups_allowed": N_('si possono calare tris, non solo scale'),
    "jokers_in_deck": N_('il mazzo ha i jolly (senza, sono matte solo i 2)'),
    "team_can_take_both_mortos":
        N_("una squadra che ha preso il suo morto può prendere anche l'altro"),
    "canastra_real_points": N_('premio di una canastra pulita da A a K (0: una pulita normale)'),
    "canastra_as_a_as_points":
        N_('premio di una canastra pulita da A a K ad A, con ace_both_ends_in_sequence (0: '
           'nessuno)'),
    "no_clean_canastra_melds_negative":
        N_('una squadra senza canastra pulita conta le sue combinazioni in negativo'),
    "partnerships": N_('ognuno per sé, a coppie (4 giocatori) o due squadre di 3 (6 giocatori)'),
    "initial_discard":
        N_('il pozzo comincia con una carta scoperta o con la 14ª carta del mazziere'),
    "upcard_jolly": N_('un jolly girato come prima carta del pozzo'),
    "opening_threshold": N_('punti necessari per aprire'),
    "opening_counts_only_new_melds":
        N_("per l'apertura contano solo le combinazioni nuove (false: anche le carte attaccate in "
           "quel turno)"),
    "opening_with_discard":
        N_('variante FISCA: si può prendere lo scarto in cima per aprire con esso'),
    "opening_without_jolly": N_("variante FISCA: l'apertura deve arrivare alla soglia senza jolly"),
    "lay_off_after_opening_same_turn": N_("si può attaccare nel turno dell'apertura"),
    "lay_off_on_opponents": N_('si possono attaccare carte alle combinazioni degli altri'),
    "picked_discard_must_be_used_same_turn": N_('lo scarto preso va calato nello stesso turno'),
    "rediscard_picked_card": N_('riscartare la carta appena presa'),
    "discard_attach_ban": N_('scartare una carta che si attacca a una combinazione sul tavolo'),
    "jolly_swap_requires_opened": N_('solo chi ha aperto può sostituire un jolly'),
    "swapped_jolly_must_be_used_same_turn": N_('il jolly sostituito va calato nello stesso turno'),
    "max_jolly_per_meld": N_('jolly che una combinazione può contenere'),
    "group_max_size": N_('carte di un tris (tutte di semi diversi)'),
    "identical_sequence_allowed": N_('si può calare una scala identica a una sul tavolo'),
    "no_close_first_round": N_('nessuno può chiudere nel primo giro di turni'),
    "chiusura_in_mano_allowed": N_('chiudere calando tutta la mano in una volta'),
    "chiusura_in_mano_multiplier":
        N_('variante FISCA: penalità raddoppiate dopo una chiusura in mano'),
    "unopened_flat_penalty":
        N_('penalità fissa per chi non ha mai aperto (0: il valore delle carte)'),
    "ace_in_hand_value": N_('punti di penalità di un asso rimasto in mano'),
    "jolly_in_hand_value": N_('punti di penalità di un jolly rimasto in mano'),
    "elimination_limit": N_('chi arriva a questi punti di penalità è eliminato'),
    "stock_exhausted": N_('che cosa succede quando finisce il tallone'),
    "reentry": N_('un giocatore eliminato può rientrare una volta al totale più alto in gioco'),
}
