"""The keys each screen lists on its F1 overlay, as pairs of string-table keys: (the key's name, what it
does). A scene names its list in its ``help_keys`` class attribute; the overlay translates it when it opens."""

# Each line: (the key's name, what it does), as keys of the string table.
MOVE = ("help.key.tab_arrows", "help.does.move")
PRESS = ("help.key.enter", "help.does.press")
BACK = ("help.key.esc", "help.does.back")
FULLSCREEN = ("help.key.f11", "help.does.fullscreen")
HELP = ("help.key.f1", "help.does.help")
GENERAL = [MOVE, PRESS, BACK, FULLSCREEN, HELP]
TITLE = [MOVE, PRESS, ("help.key.esc", "help.does.quit_game"), FULLSCREEN, HELP]
NEW_GAME = [("help.key.tab_arrows", "help.does.move_new_game"), ("help.key.up_down", "help.does.choose_game"),
            ("help.key.enter", "help.does.press_or_type"), ("help.key.esc", "help.does.back_title"), FULLSCREEN, HELP]
RECORDS = [("help.key.left_right", "help.does.other_game"), ("help.key.up_down", "help.does.other_player"),
           ("help.key.tab_enter", "help.does.back_button"), BACK, FULLSCREEN, HELP]
PRACTICE = [("help.key.one_to_five", "help.does.hold"), ("help.key.space_r", "help.does.roll"), MOVE, PRESS, BACK,
            FULLSCREEN, HELP]
ROLL_OFF = [("help.key.enter_space_esc", "help.does.skip_rolloff"), FULLSCREEN, HELP]
GAME_OVER = [MOVE, PRESS, ("help.key.esc", "help.does.back_title"), FULLSCREEN, HELP]
DIALOG = [MOVE, PRESS, ("help.key.esc", "help.does.cancel"), HELP]
