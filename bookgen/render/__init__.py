"""PDF output: the Pen on a reportlab canvas, puzzle flowables and page templates."""
