import TrendKit
